/** Columns a folder list can be sorted by (server-side, kept in the URL as ?sort=&dir=). */
export const SORT_KEYS = ['id', 'name', 'email', 'date', 'status', 'sla'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';
