import type { TransactionDetailsInput } from '@nzeta/domain';
import { apiRequest } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { ORDER_CHANGED } from './use-order-changed';

export function saveTransactionDetails(input: TransactionDetailsInput) {
  return apiRequest('POST', 'admin/save-transaction-details', { body: input });
}

export function useSaveTransactionDetails() {
  return useApiMutation({ request: saveTransactionDetails, invalidate: ORDER_CHANGED });
}
