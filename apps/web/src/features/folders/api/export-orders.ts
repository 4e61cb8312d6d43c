import type { FolderKey, Month } from '@nzeta/domain';
import type * as ordersApi from '@nzeta/domain/contracts/orders';
import { downloadEndpoint } from '../../../lib/api/endpoints';
import { useApiMutation } from '../../../lib/use-api-mutation';

export interface ExportRequest {
  folder: FolderKey;
  search: string;
  month?: Month | undefined;
}

/** Downloads the folder (or the search in it) as CSV; the server streams it in batches. */
export async function exportOrders({ folder, search, month }: ExportRequest): Promise<void> {
  const blob = await downloadEndpoint<typeof ordersApi.exportOrders>('GET', '/admin/export-orders.csv', {
    query: { folder, search: search || undefined, month },
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `orders-${folder}${month ? `-${month}` : ''}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; release it once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

export function useExportOrders() {
  // A refused export is toasted; the file itself is the success.
  return useApiMutation({ request: exportOrders, toast: 'errors' });
}
