import { parseArgs } from 'node:util';

export type Engine = 'postgres' | 'pglite';

export interface BenchOptions {
  engine: Engine;
  orders: number;
  connections: number[];
  /** seconds per measurement */
  duration: number;
  /** measurements per endpoint and connection count; the spread is printed */
  runs: number;
  warmup: number;
  seed: number;
  reuse: boolean;
  /** drop the benchmark database once the results are written */
  drop: boolean;
  /** prepare the data set and stop */
  seedOnly: boolean;
  /** only these endpoint keys (comma-separated substrings); all when empty */
  only: string[];
  /** measure the peer (Platformatic DB over the same tables) beside the product */
  peer: boolean;
}

export const USAGE = `npm run bench -- [options]
  --engine postgres|pglite   database engine (default postgres: DATABASE_URL or ${'postgres://postgres@127.0.0.1:5432/nzeta_bench'})
  --orders N                 orders in the data set (default 1000000)
  --connections 10,50        concurrent connections per measurement (default 10,50)
  --duration S               seconds per measurement (default 10)
  --runs R                   measurements per endpoint and connection count (default 3)
  --warmup S                 seconds of warm-up per endpoint (default 3)
  --seed S                   data set seed (default 20251122)
  --reuse                    keep the database when it already holds this data set
  --seed-only                prepare the data set, measure nothing
  --only a,b                 measure only endpoints whose key contains one of these
  --peer                     also measure the peer, Platformatic DB's generated REST API over the
                             same database (PostgreSQL; installs bench/peer on first use)
  --drop                     drop the benchmark database at the end (results are kept)`;

function positiveInt(name: string, value: string): number {
  const n = Number(value.replace(/[_,]/g, ''));
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive whole number`);
  return n;
}

export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      engine: { type: 'string', default: 'postgres' },
      orders: { type: 'string', default: '1000000' },
      connections: { type: 'string', default: '10,50' },
      duration: { type: 'string', default: '10' },
      runs: { type: 'string', default: '3' },
      warmup: { type: 'string', default: '3' },
      seed: { type: 'string', default: '20251122' },
      reuse: { type: 'boolean', default: false },
      drop: { type: 'boolean', default: false },
      'seed-only': { type: 'boolean', default: false },
      only: { type: 'string', default: '' },
      peer: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (values.engine !== 'postgres' && values.engine !== 'pglite')
    throw new Error('--engine must be postgres or pglite');
  if (values.peer && values.engine !== 'postgres') throw new Error('--peer runs on PostgreSQL only');
  return {
    engine: values.engine,
    orders: positiveInt('orders', values.orders),
    connections: values.connections.split(',').map((c) => positiveInt('connections', c.trim())),
    duration: positiveInt('duration', values.duration),
    runs: positiveInt('runs', values.runs),
    warmup: positiveInt('warmup', values.warmup),
    seed: positiveInt('seed', values.seed),
    reuse: values.reuse,
    drop: values.drop,
    seedOnly: values['seed-only'],
    only: values.only
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    peer: values.peer,
  };
}
