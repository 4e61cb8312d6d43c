import type { FolderKey, Month } from '@nzeta/domain';
import type * as ordersApi from '@nzeta/domain/contracts/orders';
import { downloadEndpoint } from '../../../lib/api/endpoints';
import { saveFile } from '../../../lib/save-file';
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
  saveFile(blob, `orders-${folder}${month ? `-${month}` : ''}.csv`);
}

export function useExportOrders() {
  // A refused export is toasted; the file itself is the success.
  return useApiMutation({ request: exportOrders, toast: 'errors' });
}
