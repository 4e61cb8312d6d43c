import type { TransactionDetailsInput } from '@nzeta/domain';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { useOrderChanged } from './use-order-changed';

export function saveTransactionDetails(input: TransactionDetailsInput) {
  return apiCall('POST', 'admin/save-transaction-details', { body: input });
}

export function useSaveTransactionDetails() {
  const onChanged = useOrderChanged();
  return useMutation({ mutationFn: saveTransactionDetails, onSuccess: onChanged });
}
