import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client';

export interface DownloadDocumentInput {
  orderId: number;
  file1: string;
}

/**
 * Documents are never public: the staff route needs the session token, so the file is fetched
 * as a blob and then saved through a temporary link.
 */
export async function downloadDocument({ orderId, file1 }: DownloadDocumentInput): Promise<void> {
  const blob = await apiBlob('GET', `admin/documents/${orderId}/${encodeURIComponent(file1)}`);
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
  return useMutation({ mutationFn: downloadDocument });
}
