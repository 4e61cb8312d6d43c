import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { limitLiteral } from './sql-limit';

const dialect = new PgDialect();

describe('limitLiteral', () => {
  it('writes a whole number into the text, with no parameter', () => {
    expect(dialect.sqlToQuery(limitLiteral(1001))).toEqual({ sql: '1001', params: [] });
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])('refuses %s', (limit) => {
    expect(() => limitLiteral(limit)).toThrow('not a whole number');
  });
});
