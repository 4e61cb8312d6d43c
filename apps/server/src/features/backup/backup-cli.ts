// `npm run backup -- --out <dir>` and `npm run restore -- --from <dir> [--force]`, with the
// server's own configuration (DATA_DIR, DATABASE_URL, S3_BUCKET from the environment).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { createBackup } from './backup';
import { restoreBackup } from './restore';

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: rest,
  options: { out: { type: 'string' }, from: { type: 'string' }, force: { type: 'boolean', default: false } },
});
const say = (line: string) => process.stdout.write(`${line}\n`);

try {
  const config = loadConfig();
  if (command === 'backup') {
    if (!values.out) throw new Error('Usage: npm run backup -- --out <folder>');
    const out = path.resolve(values.out);
    const manifest = await createBackup(config, out);
    say(`Backup of the ${manifest.engine} database written to ${out}`);
    say(`  ${manifest.counts.orders ?? 0} orders, ${manifest.counts.documents ?? 0} document rows`);
    say(
      manifest.documents.storage === 'local'
        ? `  ${manifest.documents.files.length} document files`
        : `  documents stay in the bucket ${manifest.documents.bucket}: keep its versioning on`,
    );
  } else if (command === 'restore') {
    if (!values.from) throw new Error('Usage: npm run restore -- --from <folder> [--force]');
    const result = await restoreBackup(config, path.resolve(values.from), { force: values.force });
    say(`Restored the ${result.engine} database: ${result.counts.orders ?? 0} orders, ${result.documents} documents`);
    say('Every table matches the backup and every document its SHA-256.');
  } else {
    throw new Error('Usage: backup-cli backup --out <folder> | restore --from <folder> [--force]');
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
