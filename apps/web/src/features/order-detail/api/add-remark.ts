import type { AddRemarkInput } from '@nzeta/domain';
import { apiRequest } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { ORDER_CHANGED } from './use-order-changed';

/** POST /admin/add-new-remark; the server records the signed-in member as the remarker. */
export function addRemark(input: AddRemarkInput) {
  return apiRequest('POST', 'admin/add-new-remark', { body: input });
}

export function useAddRemark() {
  return useApiMutation({ request: addRemark, invalidate: ORDER_CHANGED });
}
