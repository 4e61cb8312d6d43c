import type * as publicContractsApi from '@nzeta/domain/contracts/public';
import { sendEndpoint } from '../../../lib/api/endpoints';
import { useApiMutation } from '../../../lib/use-api-mutation';

export interface DownloadDocumentInput {
  orderId: number;
  file1: string;
  token: string;
}

/**
 * POST /front/download-passport-doc-pdf: logs the download and answers a short-lived signed link.
 * The page sends its time zone, shown to staff as the Device Location.
 */
export function downloadDocument({ orderId, file1, token }: DownloadDocumentInput) {
  return sendEndpoint<typeof publicContractsApi.downloadDocument>(
    'POST',
    '/front/download-passport-doc-pdf',
    {
      body: {
        orderId: String(orderId),
        customername: 'customer',
        file1,
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
    },
    { token },
  );
}

export function useDownloadDocument() {
  // The page shows nothing of a refusal: the link simply does not start a download.
  return useApiMutation({ request: downloadDocument, toast: false });
}
