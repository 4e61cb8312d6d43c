// Child process for the durability test: commits numbered rows one by one and reports each
// commit on stdout only after PGlite has acknowledged it.
import { PGlite } from '@electric-sql/pglite';

const dir = process.argv[2];
if (!dir) throw new Error('usage: pglite-writer <dir>');
const db = await PGlite.create(dir, { relaxedDurability: false });
await db.exec('create table if not exists writes (n integer primary key)');
const [{ max }] = (await db.query<{ max: number | null }>('select max(n) as max from writes')).rows as [
  { max: number | null },
];
let n = (max ?? 0) + 1;
process.stdout.write('ready\n');
for (;;) {
  await db.query('insert into writes (n) values ($1)', [n]);
  process.stdout.write(`committed ${n}\n`);
  n += 1;
}
