/** A PostgreSQL array literal of texts (quoted, NULL for null), sent as one parameter and cast. */
export function textArray(values: ReadonlyArray<string | number | boolean | null>): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${String(v).replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
}
