import type { TransactionDetailsInput } from '@nzeta/domain';
import type * as orderDetailApi from '@nzeta/domain/contracts/order-detail';
import { sendEndpoint } from '../../../lib/api/endpoints';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { ORDER_CHANGED } from './use-order-changed';

export function saveTransactionDetails(input: TransactionDetailsInput) {
  return sendEndpoint<typeof orderDetailApi.saveTransactionDetails>('POST', '/admin/save-transaction-details', {
    body: input,
  });
}

export function useSaveTransactionDetails() {
  return useApiMutation({ request: saveTransactionDetails, invalidate: ORDER_CHANGED });
}
