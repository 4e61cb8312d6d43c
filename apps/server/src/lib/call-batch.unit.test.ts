import { describe, expect, it } from 'vitest';
import { CallBatch } from './call-batch';

/** A batch sender that records what it was sent and answers each input doubled. */
function recorder(options: { failBatches?: boolean; failOne?: number } = {}) {
  const batches: number[][] = [];
  const singles: number[] = [];
  let releaseFirst: (() => void) | undefined;
  const firstHeld = new Promise<void>((resolve) => {
    releaseFirst = resolve;
  });
  const batch = new CallBatch<number, number>(
    async (inputs) => {
      batches.push(inputs);
      if (batches.length === 1) await firstHeld;
      if (options.failBatches) throw new Error('batch refused');
      return inputs.map((n) => n * 2);
    },
    async (input) => {
      singles.push(input);
      if (batches.length === 0 && singles.length === 1) await firstHeld;
      if (input === options.failOne) throw new Error(`refused ${input}`);
      return input * 2;
    },
    { maxBatch: 3 },
  );
  return { batch, batches, singles, release: () => releaseFirst?.() };
}

describe('CallBatch', () => {
  it('sends a lone call on its own, at once', async () => {
    const { batch, batches, singles, release } = recorder();
    release();
    await expect(batch.call(4)).resolves.toBe(8);
    expect(singles).toEqual([4]);
    expect(batches).toEqual([]);
  });

  it('sends calls made in the same turn together, each answered with its own output', async () => {
    const { batch, batches, release } = recorder();
    release();
    await expect(Promise.all([batch.call(1), batch.call(2), batch.call(3)])).resolves.toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('keeps calls that arrive while a batch is away for the next one, in turns of maxBatch', async () => {
    const { batch, batches, singles, release } = recorder();
    const first = batch.call(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(singles).toEqual([1]);
    const later = [2, 3, 4, 5].map((n) => batch.call(n));
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Nothing else leaves while the first is away.
    expect(batches).toEqual([]);
    release();
    await expect(Promise.all([first, ...later])).resolves.toEqual([2, 4, 6, 8, 10]);
    expect(batches).toEqual([[2, 3, 4]]);
    expect(singles).toEqual([1, 5]);
  });

  it('tries each call of a failed batch on its own, so a failure stays with its call', async () => {
    const { batch, batches, singles, release } = recorder({ failBatches: true, failOne: 2 });
    release();
    const answers = await Promise.allSettled([batch.call(1), batch.call(2), batch.call(3)]);
    expect(batches).toEqual([[1, 2, 3]]);
    expect(singles).toEqual([1, 2, 3]);
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(answers[0]).toEqual({ status: 'fulfilled', value: 2 });
    expect(answers[1]).toMatchObject({ status: 'rejected', reason: new Error('refused 2') });
  });

  it('goes on after a failure: the next calls are sent', async () => {
    const { batch, release } = recorder({ failOne: 7 });
    release();
    await expect(batch.call(7)).rejects.toThrow('refused 7');
    await expect(batch.call(8)).resolves.toBe(16);
  });
});
