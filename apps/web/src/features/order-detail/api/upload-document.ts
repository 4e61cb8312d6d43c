import type { MailProvider } from '@nzeta/domain';
import type * as orderDetailApi from '@nzeta/domain/contracts/order-detail';
import { sendEndpoint } from '../../../lib/api/endpoints';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { ORDER_CHANGED } from './use-order-changed';

export interface UploadDocumentInput {
  orderId: number;
  email: string;
  file: File;
  mailServiceProvider: MailProvider;
}

/** POST /admin/upload-visa-document, multipart: the text fields first, then the file. */
export function uploadDocument(input: UploadDocumentInput) {
  const form = new FormData();
  form.append('orderId', String(input.orderId));
  form.append('email', input.email);
  form.append('mailServiceProvider', input.mailServiceProvider);
  form.append('uploadVisaDoc', input.file);
  return sendEndpoint<typeof orderDetailApi.uploadDocument>('POST', '/admin/upload-visa-document', { body: form });
}

export function useUploadDocument() {
  return useApiMutation({ request: uploadDocument, invalidate: ORDER_CHANGED });
}
