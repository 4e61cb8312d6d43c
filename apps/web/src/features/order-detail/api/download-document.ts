import type * as orderDetailApi from '@nzeta/domain/contracts/order-detail';
import { downloadEndpoint } from '../../../lib/api/endpoints';
import { saveFile } from '../../../lib/save-file';
import { useApiMutation } from '../../../lib/use-api-mutation';

export interface DownloadDocumentInput {
  orderId: number;
  file1: string;
}

/** Documents are never public: the staff route needs the session token, so the file is fetched as a blob. */
export async function downloadDocument({ orderId, file1 }: DownloadDocumentInput): Promise<void> {
  const blob = await downloadEndpoint<typeof orderDetailApi.staffDocument>('GET', '/admin/documents/:orderId/:file1', {
    params: { orderId: String(orderId), file1 },
  });
  saveFile(blob, `NZeTA-${orderId}${file1.includes('.') ? file1.slice(file1.lastIndexOf('.')) : ''}`);
}

export function useDownloadDocument() {
  // A refused download is toasted; the file itself is the success.
  return useApiMutation({ request: downloadDocument, toast: 'errors' });
}
