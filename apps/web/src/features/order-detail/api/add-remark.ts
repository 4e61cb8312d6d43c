import type { AddRemarkInput } from '@nzeta/domain';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { useOrderChanged } from './use-order-changed';

/** POST /admin/add-new-remark; the server records the signed-in member as the remarker. */
export function addRemark(input: AddRemarkInput) {
  return apiCall('POST', 'admin/add-new-remark', { body: input });
}

export function useAddRemark() {
  const onChanged = useOrderChanged();
  return useMutation({ mutationFn: addRemark, onSuccess: onChanged });
}
