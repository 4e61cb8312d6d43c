import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'domain', root: import.meta.dirname, include: ['src/**/*.test.ts'] } });
