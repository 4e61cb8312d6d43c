import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';

export const PROBE_PATH = '/__bench/event-loop';

export interface LoopDelay {
  maxMs: number;
  p99Ms: number;
  meanMs: number;
}

function read(histogram: IntervalHistogram): LoopDelay {
  const ms = (ns: number) => Math.round((Number.isFinite(ns) ? ns : 0) / 10_000) / 100;
  return { maxMs: ms(histogram.max), p99Ms: ms(histogram.percentile(99)), meanMs: ms(histogram.mean) };
}

/**
 * With BENCH_EVENT_LOOP=1 the benchmark's server processes sample their event loop's delay: the
 * longest stall since the last reading answers whether a single request blocked the loop (PGlite
 * runs its queries on it). The reading is a route of the benchmark's server only, never of the
 * product; the overall maximum is printed at exit.
 */
export function registerEventLoopProbe(app: FastifyInstance, name: string): void {
  if (process.env.BENCH_EVENT_LOOP !== '1') return;
  const window = monitorEventLoopDelay({ resolution: 5 });
  const whole = monitorEventLoopDelay({ resolution: 5 });
  window.enable();
  whole.enable();
  app.get(PROBE_PATH, { config: { permission: 'public' } }, async () => {
    const reading = read(window);
    window.reset();
    return reading;
  });
  app.addHook('onClose', async () => {
    window.disable();
    whole.disable();
    const { maxMs, p99Ms } = read(whole);
    console.log(`[${name}] event loop delay over the whole run: max ${maxMs} ms, p99 ${p99Ms} ms`);
  });
}
