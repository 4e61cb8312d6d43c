import { afterEach, describe, expect, it, vi } from 'vitest';
import { startPeriodicJob } from './periodic-job';

afterEach(() => {
  vi.useRealTimers();
});

describe('startPeriodicJob', () => {
  it('runs at once, then every interval, one run at a time', async () => {
    vi.useFakeTimers();
    const started: number[] = [];
    let release: () => void = () => undefined;
    let active = 0;
    let most = 0;
    const job = startPeriodicJob(
      async () => {
        active += 1;
        most = Math.max(most, active);
        started.push(Date.now());
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        active -= 1;
        return started.length;
      },
      { intervalMs: 1_000, onFailure: () => -1 },
    );
    await vi.advanceTimersByTimeAsync(2_500);
    // The first run is still going: the two that fell due wait for it.
    expect(started).toHaveLength(1);
    release();
    expect(await job.firstRun).toBe(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toHaveLength(2);
    release();
    await vi.advanceTimersByTimeAsync(0);
    release();
    const stopped = job.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    await stopped;
    expect(started).toHaveLength(3);
    expect(most).toBe(1);
  });

  it('hands a failure to onFailure and runs again at the next interval', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const failures: unknown[] = [];
    const job = startPeriodicJob(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('database away');
        return 'ran';
      },
      {
        intervalMs: 1_000,
        onFailure: (err) => {
          failures.push(err);
          return 'failed';
        },
      },
    );
    expect(await job.firstRun).toBe('failed');
    expect(failures).toEqual([new Error('database away')]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(2);
    await job.stop();
  });
});
