import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DrawInputs, DrawnPdfs } from './drawn-pdfs';

/** A drawing that is a pure function of its inputs, counting how often it ran. */
function counted() {
  const drawn: unknown[] = [];
  const draw = (inputs: unknown) => () => {
    drawn.push(inputs);
    return Promise.resolve(Buffer.from(JSON.stringify(inputs)));
  };
  return { drawn, draw };
}

const letter = (orderId: number, downloads: string[], day = '1 December 2026', pack = 1): DrawInputs => [
  'defencePack',
  pack,
  day,
  { order: { orderId, createdAt: new Date('2026-11-30T10:00:00Z') }, downloads },
];

afterEach(() => {
  vi.useRealTimers();
});

describe('DrawnPdfs', () => {
  it('draws a letter once and hands the same bytes out for the same inputs', async () => {
    const { drawn, draw } = counted();
    const memo = new DrawnPdfs({ maxAgeMs: 60_000 });
    const inputs = letter(100001, ['203.0.113.7']);
    const first = await memo.get(100001, inputs, draw(inputs));
    // equal inputs built anew, as every request reads its evidence anew
    const again = letter(100001, ['203.0.113.7']);
    expect(await memo.get(100001, again, draw(again))).toBe(first);
    expect(drawn).toHaveLength(1);
    expect(memo.size).toEqual({ entries: 1, bytes: first.length });
  });

  it('draws again when anything the letter is drawn from differs: evidence, pack or day', async () => {
    const { drawn, draw } = counted();
    const memo = new DrawnPdfs({ maxAgeMs: 60_000 });
    const variants = [
      letter(100001, ['203.0.113.7']),
      letter(100001, ['203.0.113.7', '198.51.100.23']),
      letter(100001, ['203.0.113.7'], '1 December 2026', 2),
      ['evidenceBundle', ...letter(100001, ['203.0.113.7']).slice(1)] as DrawInputs,
      letter(100001, ['203.0.113.7'], '2 December 2026'),
    ];
    for (const inputs of variants) {
      expect(JSON.parse(String(await memo.get(100001, inputs, draw(inputs))))).toEqual(
        JSON.parse(JSON.stringify(inputs)),
      );
    }
    expect(drawn).toHaveLength(5);
  });

  it('shares one drawing between requests for the same letter at once', async () => {
    const { drawn, draw } = counted();
    const memo = new DrawnPdfs({ maxAgeMs: 60_000 });
    const inputs = letter(100001, []);
    const answers = await Promise.all(Array.from({ length: 5 }, () => memo.get(100001, inputs, draw(inputs))));
    expect(new Set(answers).size).toBe(1);
    expect(drawn).toHaveLength(1);
  });

  it("forgets an order's letters when a change to it is heard of, and no others", async () => {
    const { drawn, draw } = counted();
    const memo = new DrawnPdfs({ maxAgeMs: 60_000 });
    const [a, b] = [letter(100001, []), letter(100002, [])];
    await memo.get(100001, a, draw(a));
    await memo.get(100002, b, draw(b));
    memo.forgetOrder(100001);
    expect(memo.size.entries).toBe(1);
    await memo.get(100001, a, draw(a));
    await memo.get(100002, b, draw(b));
    expect(drawn).toEqual([a, b, a]);
  });

  it('does not keep a drawing that began before a change was heard of', async () => {
    const memo = new DrawnPdfs({ maxAgeMs: 60_000 });
    let finish: (pdf: Buffer) => void = () => {};
    const inputs = letter(100001, []);
    const pending = memo.get(100001, inputs, () => new Promise<Buffer>((resolve) => (finish = resolve)));
    memo.forgetOrder(100001);
    finish(Buffer.from('drawn before the erasure'));
    await pending;
    expect(memo.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('keeps no failed drawing', async () => {
    const memo = new DrawnPdfs({ maxAgeMs: 60_000 });
    const inputs = letter(100001, []);
    await expect(memo.get(100001, inputs, () => Promise.reject(new Error('worker stopped')))).rejects.toThrow(
      'worker stopped',
    );
    await Promise.resolve();
    expect(memo.size.entries).toBe(0);
    expect(String(await memo.get(100001, inputs, () => Promise.resolve(Buffer.from('ok'))))).toBe('ok');
  });

  it('hands a letter out for maxAgeMs at most, and keeps none with 0', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T10:00:00Z'));
    const { drawn, draw } = counted();
    const memo = new DrawnPdfs({ maxAgeMs: 1_000 });
    const inputs = letter(100001, []);
    await memo.get(100001, inputs, draw(inputs));
    vi.setSystemTime(new Date('2026-12-01T10:00:00.999Z'));
    await memo.get(100001, inputs, draw(inputs));
    vi.setSystemTime(new Date('2026-12-01T10:00:01Z'));
    await memo.get(100001, inputs, draw(inputs));
    expect(drawn).toHaveLength(2);

    const off = new DrawnPdfs({ maxAgeMs: 0 });
    await off.get(100001, inputs, draw(inputs));
    await off.get(100001, inputs, draw(inputs));
    expect(drawn).toHaveLength(4);
    expect(off.size.entries).toBe(0);
  });

  it('keeps no more letters and bytes than its bounds, the least recently used going first', async () => {
    const { drawn, draw } = counted();
    const memo = new DrawnPdfs({ maxAgeMs: 60_000, maxEntries: 3, maxBytes: 1_000_000 });
    const letters = [100001, 100002, 100003, 100004, 100005].map((id) => letter(id, []));
    const ask = (i: number) => memo.get(100001 + i, letters[i] as [string], draw(letters[i]));
    for (const i of [0, 1, 2, 3]) await ask(i); // the first goes
    expect(memo.size.entries).toBe(3);
    await ask(1); // used again: now the newest
    await ask(4); // the third goes, not the second
    expect(drawn).toHaveLength(5);
    await ask(1);
    await ask(3);
    await ask(4);
    expect(drawn).toHaveLength(5);
    await ask(2);
    await ask(0);
    expect(drawn).toHaveLength(7);

    const small = new DrawnPdfs({ maxAgeMs: 60_000, maxBytes: 150 });
    for (const [i, inputs] of letters.entries()) await small.get(100001 + i, inputs, draw(inputs));
    expect(small.size.bytes).toBeLessThanOrEqual(150);
    expect(small.size.entries).toBeGreaterThan(0);
  });

  it('answers every request with what a fresh drawing of its inputs gives, whatever came before', async () => {
    // Requests for a few orders whose evidence changes between them (a download added, announced
    // or not), with notices, days passing and bounds reached in any order.
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('get' as const),
        order: fc.integer({ min: 0, max: 3 }),
        pack: fc.constantFrom(1, 2),
      }),
      fc.record({
        kind: fc.constant('download' as const),
        order: fc.integer({ min: 0, max: 3 }),
        notice: fc.boolean(),
      }),
      fc.record({ kind: fc.constant('forget' as const), order: fc.integer({ min: 0, max: 3 }) }),
      fc.record({ kind: fc.constant('next day' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 40 }), fc.integer({ min: 1, max: 4 }), async (steps, maxEntries) => {
        const memo = new DrawnPdfs({ maxAgeMs: 60_000, maxEntries });
        const downloads = [[], [], [], []] as string[][];
        let day = 1;
        for (const s of steps) {
          if (s.kind === 'download') {
            downloads[s.order]?.push(`198.51.100.${downloads[s.order]?.length}`);
            if (s.notice) memo.forgetOrder(100001 + s.order);
          } else if (s.kind === 'forget') memo.forgetOrder(100001 + s.order);
          else if (s.kind === 'next day') day++;
          else {
            const inputs = letter(100001 + s.order, [...(downloads[s.order] ?? [])], `${day} December`, s.pack);
            const fresh = Buffer.from(JSON.stringify(inputs));
            const answer = await memo.get(100001 + s.order, inputs, () => Promise.resolve(Buffer.from(fresh)));
            expect(answer.equals(fresh)).toBe(true);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
