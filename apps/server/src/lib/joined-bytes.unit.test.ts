import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinedBytes } from './joined-bytes';

describe('joinedBytes', () => {
  it('holds exactly the UTF-8 bytes of the joined text, for any texts', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.array(fc.string({ unit: 'binary' })),
        fc.string(),
        (head, items, tail) => {
          const expected = Buffer.from(`${head}${items.join(',')}${tail}`);
          expect(joinedBytes(head, items, tail).equals(expected)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('writes a page of rows with macrons, emoji and escapes as JSON that parses back', () => {
    const rows = [{ name: 'Tāne Mahuta' }, { name: 'Zoë 🛂' }, { name: 'quote " and \\ and \n' }].map((row) =>
      JSON.stringify(row),
    );
    const answer = joinedBytes('{"data":[', rows, ']}');
    expect(JSON.parse(answer.toString('utf8'))).toEqual({
      data: [{ name: 'Tāne Mahuta' }, { name: 'Zoë 🛂' }, { name: 'quote " and \\ and \n' }],
    });
  });

  it('writes an empty list as nothing between head and tail', () => {
    expect(joinedBytes('[', [], ']').toString()).toBe('[]');
  });
});
