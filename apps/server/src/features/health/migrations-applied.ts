import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { migrationsFolder } from '../../paths';

/**
 * Whether the database has every migration this build ships: Drizzle records each applied one
 * with its journal timestamp. Once true it stays true (migrations are never undone), so a
 * readiness probe then costs one `select 1`.
 */
export function migrationsChecker(db: Db): { areApplied(): Promise<boolean> } {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  const latest = Math.max(...journal.entries.map((entry) => entry.when));
  let isDone = false;
  return {
    async areApplied() {
      if (isDone) {
        await db.execute(sql`select 1`);
        return true;
      }
      const [row] = await queryRows<{ last: string | null }>(
        db,
        sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
      );
      isDone = Number(row?.last ?? 0) >= latest;
      return isDone;
    },
  };
}
