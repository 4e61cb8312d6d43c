import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Every component test starts from an empty page, signed out, with the real fetch: each file used
// to repeat this.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});
