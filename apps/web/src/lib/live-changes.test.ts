import { afterEach, describe, expect, it } from 'vitest';
import { forgetChanges, noteChange, seenQuery } from './live-changes';

afterEach(() => forgetChanges());

describe('live changes', () => {
  it('names the latest change heard of in the reads that follow', () => {
    expect(seenQuery()).toEqual({});
    noteChange('{"at":1795690618123.5}');
    expect(seenQuery()).toEqual({ seen: 1795690618123.5 });
    // An older one arriving late (another instance's event) does not move it back.
    noteChange('{"at":1795690618000}');
    expect(seenQuery()).toEqual({ seen: 1795690618123.5 });
  });

  it('ignores events without a time and malformed data', () => {
    noteChange('{}');
    noteChange('not json');
    noteChange('{"at":"soon"}');
    expect(seenQuery()).toEqual({});
  });
});
