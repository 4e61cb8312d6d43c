import { FOLDER_KEYS, FOLDER_RULES } from '@nzeta/domain';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { walkWhere } from './folder-search';
import { folderWhere, rollupWhere } from './folder-sql';

const dialect = new PgDialect();
const ctx = { staffId: 42, today: '2026-03-10' };

describe('a folder rule as SQL', () => {
  // A prepared statement whose kept plan knows the rule's statuses and modes: with them sent as
  // values, PostgreSQL planned a deep page and a walked search afresh on every call.
  it.each(FOLDER_KEYS)('writes the statuses and modes of %s into the text, only member and day as values', (key) => {
    const rule = FOLDER_RULES[key];
    for (const where of [folderWhere(key, ctx), rollupWhere(key, ctx)]) {
      const { sql: text, params } = dialect.sqlToQuery(where);
      for (const constant of [
        ...(rule.statuses ?? []),
        ...(rule.excludeStatuses ?? []),
        ...(rule.modes ?? []),
        ...(rule.excludeModes ?? []),
      ]) {
        expect(text).toContain(`'${constant}'`);
      }
      const expected = [
        ...(rule.assignment === 'mine' ? [ctx.staffId] : []),
        ...(rule.due === undefined ? [] : [ctx.today]),
      ];
      expect([...params].sort()).toEqual([...expected].sort());
    }
  });
});

describe("a common term's test while walking", () => {
  it('lowers the term once for the statement, not once per order walked', () => {
    const { sql: text, params } = dialect.sqlToQuery(walkWhere('Tamora'));
    expect(text).toBe('strpos("orders"."search_text", (select lower($1))) > 0');
    expect(params).toEqual(['Tamora']);
  });
});
