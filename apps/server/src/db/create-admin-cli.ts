import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { loadConfig } from '../config';
import { hashPassword } from '../lib/passwords';
import { openDatabase, queryRows } from './client';
import { migrateDatabase } from './migrate';
import { readPassword } from './read-password';
import { staff } from './schema';

const input = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('--email must be a valid e-mail address')),
  name: z.string().trim().min(1, '--name is required').max(200),
  password: z.string().min(8, 'The password must be at least 8 characters').max(200),
});

/**
 * npm run create-admin -- --email x --name y   (the password is asked for, or read from stdin)
 * Production starts with no accounts (DESIGN §4): this creates the first Admin. The password is
 * never an argument: arguments are visible to every user of the machine (ps) and kept in shell
 * histories.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
  const parsed = input.safeParse({ ...values, password: await readPassword() });
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join('\n'));
  const { email, name, password } = parsed.data;
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    preparedStatements: config.DATABASE_PREPARED_STATEMENTS === 'on',
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    await migrateDatabase(database);
    const taken = await queryRows<{ id: number }>(
      database.db,
      sql`select id from staff where lower(email) = ${email} and deleted_at is null`,
    );
    if (taken.length) throw new Error(`A staff member with the e-mail ${email} already exists.`);
    // Full argon2id cost: this is a real account.
    const passwordHash = await hashPassword(password, 'full');
    const [row] = await database.db
      .insert(staff)
      .values({ name, email, type: 'Admin', passwordHash })
      .returning({ id: staff.id });
    console.log(`Admin ${name} <${email}> created (id ${row?.id}).`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
