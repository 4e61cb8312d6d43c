import type * as orderDetailApi from '@nzeta/domain/contracts/order-detail';
import { downloadEndpoint } from '../../../lib/api/endpoints';
import { useApiMutation } from '../../../lib/use-api-mutation';

export interface DownloadDocumentInput {
  orderId: number;
  file1: string;
}

/**
 * Documents are never public: the staff route needs the session token, so the file is fetched
 * as a blob and then saved through a temporary link.
 */
export async function downloadDocument({ orderId, file1 }: DownloadDocumentInput): Promise<void> {
  const blob = await downloadEndpoint<typeof orderDetailApi.staffDocument>('GET', '/admin/documents/:orderId/:file1', {
    params: { orderId: String(orderId), file1 },
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `NZeTA-${orderId}${file1.includes('.') ? file1.slice(file1.lastIndexOf('.')) : ''}`;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; the URL is released a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadDocument() {
  // A refused download is toasted; the file itself is the success.
  return useApiMutation({ request: downloadDocument, toast: 'errors' });
}
