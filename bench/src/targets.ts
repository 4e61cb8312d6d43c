import type { Engine } from './options';

/**
 * The performance targets on PostgreSQL with 1,000,000 orders at 10 connections. On PGlite each is
 * relaxed to 30 %: a third of the throughput, latencies allowed 1/0.3 times longer.
 */
export type Criterion =
  | { kind: 'shareOfL2'; min: number }
  | { kind: 'rps'; min: number }
  | { kind: 'p99'; maxMs: number }
  | { kind: 'p50'; maxMs: number }
  | { kind: 'lastByte'; maxMs: number };

export const TARGET_CONNECTIONS = 10;
export const PGLITE_SHARE = 0.3;

export const TARGETS: Record<string, Criterion[]> = {
  'folder-counts': [
    { kind: 'shareOfL2', min: 0.7 },
    { kind: 'p99', maxMs: 5 },
  ],
  'list-50-p1': [
    { kind: 'rps', min: 2000 },
    { kind: 'p99', maxMs: 15 },
  ],
  'list-500-p1': [{ kind: 'rps', min: 450 }],
  'list-50-deep': [{ kind: 'p99', maxMs: 50 }],
  'list-500-deep': [{ kind: 'p99', maxMs: 50 }],
  'all-30k': [{ kind: 'lastByte', maxMs: 250 }],
  'search-rare': [{ kind: 'p99', maxMs: 35 }],
  'search-surname': [{ kind: 'p99', maxMs: 35 }],
  'search-domain': [{ kind: 'p99', maxMs: 35 }],
  'search-order-id': [{ kind: 'p99', maxMs: 35 }],
  // A two-character term matches anywhere in id, name and e-mail, 99 in 100 within 100 ms.
  'search-short': [{ kind: 'p99', maxMs: 100 }],
  'order-detail': [{ kind: 'shareOfL2', min: 0.5 }],
  'report-country': [{ kind: 'p50', maxMs: 100 }],
  'report-processed': [{ kind: 'p50', maxMs: 100 }],
  'track-order': [{ kind: 'shareOfL2', min: 0.85 }],
  'defence-pack-pdf': [{ kind: 'p50', maxMs: 20 }],
  'defence-pack-pdf-first': [{ kind: 'p50', maxMs: 20 }],
};

/** Whether a call's target is a share of L2's throughput (measured beside an L2 run, bench/run.ts). */
export function isShareOfL2(key: string): boolean {
  return (TARGETS[key] ?? []).some((criterion) => criterion.kind === 'shareOfL2');
}

export function scaled(criterion: Criterion, engine: Engine): Criterion {
  if (engine === 'postgres') return criterion;
  switch (criterion.kind) {
    case 'shareOfL2':
    case 'rps':
      return { ...criterion, min: criterion.min * PGLITE_SHARE };
    default:
      return { ...criterion, maxMs: Math.round(criterion.maxMs / PGLITE_SHARE) };
  }
}

export function describeCriterion(criterion: Criterion): string {
  switch (criterion.kind) {
    case 'shareOfL2':
      return `≥ ${Math.round(criterion.min * 100)} % of L2`;
    case 'rps':
      return `≥ ${Math.round(criterion.min).toLocaleString('en-US')} req/s`;
    case 'p99':
      return `p99 ≤ ${criterion.maxMs} ms`;
    case 'p50':
      return `p50 ≤ ${criterion.maxMs} ms`;
    case 'lastByte':
      return `last byte ≤ ${criterion.maxMs} ms`;
  }
}

export interface Figures {
  rps?: number;
  shareOfL2?: number;
  p50?: number;
  p99?: number;
  lastByte?: number;
}

/** The measured figure a criterion reads, and whether it meets it. */
export function check(criterion: Criterion, figures: Figures): { measured: number | undefined; met: boolean } {
  const measured =
    criterion.kind === 'shareOfL2'
      ? figures.shareOfL2
      : criterion.kind === 'rps'
        ? figures.rps
        : criterion.kind === 'p99'
          ? figures.p99
          : criterion.kind === 'p50'
            ? figures.p50
            : figures.lastByte;
  if (measured === undefined || Number.isNaN(measured)) return { measured, met: false };
  const met = 'min' in criterion ? measured >= criterion.min : measured <= criterion.maxMs;
  return { measured, met };
}
