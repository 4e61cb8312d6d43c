import { describe, expect, it } from 'vitest';
import { newMaintenanceMemory, type TableSize, tablesToAnalyze, tablesToVacuum } from './pglite-maintenance';

const names = (tables: TableSize[]) => tables.map(({ name }) => name);
const table = (name: string, size: Partial<TableSize>): TableSize => ({
  name,
  pages: 100,
  recordedPages: 100,
  rows: 1_000,
  hasStatistics: true,
  ...size,
});

describe('tablesToVacuum', () => {
  it('takes a table never vacuumed or analysed that holds pages', () => {
    expect(
      names(tablesToVacuum([table('fresh', { rows: -1, recordedPages: 0 }), table('empty', { rows: -1, pages: 0 })])),
    ).toEqual(['fresh']);
  });

  it('takes a table grown past a tenth of its recorded pages and 8 pages, and no other', () => {
    expect(
      names(
        tablesToVacuum([
          table('grown', { pages: 119 }),
          table('within', { pages: 118 }),
          table('small-grown', { pages: 13, recordedPages: 4 }),
          table('small-within', { pages: 12, recordedPages: 4 }),
          table('shrunk', { pages: 50 }),
        ]),
      ),
    ).toEqual(['grown', 'small-grown']);
  });
});

describe('tablesToAnalyze', () => {
  it('takes a table with rows but no statistics, not an empty one', () => {
    const tables = [
      table('never', { hasStatistics: false, rows: -1 }),
      table('counted', { hasStatistics: false, rows: 10 }),
      table('counted-empty-then-grown', { hasStatistics: false, rows: 0, recordedPages: 0, pages: 3 }),
      table('emptied', { hasStatistics: false, rows: 0 }),
      table('no-pages', { hasStatistics: false, pages: 0 }),
    ];
    expect(tablesToAnalyze(tables, newMaintenanceMemory())).toEqual(['never', 'counted', 'counted-empty-then-grown']);
  });

  it('takes a table whose rows moved past a tenth and 50 rows of the last analysis seen', () => {
    const memory = newMaintenanceMemory();
    for (const [name, rows] of [
      ['grown', 1_000],
      ['shrunk', 1_000],
      ['within', 1_000],
      ['small', 10],
    ] as const) {
      memory.analysedRows.set(name, rows);
    }
    const tables = [
      table('grown', { rows: 1_151 }),
      table('shrunk', { rows: 849 }),
      table('within', { rows: 1_150 }),
      table('small', { rows: 60 }),
      table('unseen', { rows: 1_000_000 }),
    ];
    expect(tablesToAnalyze(tables, memory)).toEqual(['grown', 'shrunk']);
  });

  it('takes a table vacuumed because it grew, whatever its row count: its rows were rewritten', () => {
    const memory = newMaintenanceMemory();
    memory.analysedRows.set('rewritten', 1_000);
    memory.analysedRows.set('untouched', 1_000);
    memory.grown.add('rewritten');
    expect(tablesToAnalyze([table('rewritten', {}), table('untouched', {})], memory)).toEqual(['rewritten']);
  });
});
