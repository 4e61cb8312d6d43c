import { useMutation } from '@tanstack/react-query';
import { type ApiEnvelope, apiRequest } from '../../../lib/api-client';

export interface DownloadDocumentInput {
  orderId: number;
  file1: string;
  token: string;
}

/**
 * POST /front/download-passport-doc-pdf: logs the download and answers a short-lived signed link.
 * The page sends its time zone, shown to staff as the Device Location.
 */
export function downloadDocument({
  orderId,
  file1,
  token,
}: DownloadDocumentInput): Promise<ApiEnvelope<{ url: string }>> {
  return apiRequest<{ url: string }>('POST', 'front/download-passport-doc-pdf', {
    body: {
      orderId: String(orderId),
      customername: 'customer',
      file1,
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    },
    token,
  });
}

export function useDownloadDocument() {
  return useMutation({ mutationFn: downloadDocument });
}
