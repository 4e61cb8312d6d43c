import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { compiledFragment } from './client';
import { orders } from './schema';

const dialect = new PgDialect();

describe('a fragment compiled once', () => {
  it('writes its values as literals and its columns as in any statement', () => {
    const fragment = compiledFragment(sql`${orders.processStatus} in (${'New'}, ${"O'Neil"}) and ${24}::int > 0`);
    const statement = dialect.sqlToQuery(sql`select 1 from ${orders} where ${fragment} and ${orders.orderId} = ${7}`);
    expect(statement.sql).toBe(
      `select 1 from "orders" where "orders"."process_status" in ('New', 'O''Neil') and 24::int > 0 and "orders"."order_id" = $1`,
    );
    expect(statement.params).toEqual([7]);
  });
});
