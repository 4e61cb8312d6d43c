import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

export interface QueryStateRowsProps {
  query: Pick<UseQueryResult<unknown>, 'isPending' | 'isError' | 'error'>;
  /** the query has answered with no rows */
  isEmpty: boolean;
  colSpan: number;
}

/** The row a table's body shows while its query loads, when it fails and when it finds nothing. */
export function QueryStateRows({ query, isEmpty, colSpan }: QueryStateRowsProps) {
  const row = (tone: string, content: ReactNode) => (
    <tr>
      <td colSpan={colSpan} className={`text-center ${tone} py-4`}>
        {content}
      </td>
    </tr>
  );
  return (
    <>
      {query.isPending && row('text-muted', 'Loading...')}
      {query.isError && row('text-danger', query.error?.message)}
      {isEmpty && row('text-muted', 'No records found')}
    </>
  );
}
