import type { AddRemarkInput } from '@nzeta/domain';
import type * as orderDetailApi from '@nzeta/domain/contracts/order-detail';
import { sendEndpoint } from '../../../lib/api/endpoints';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { ORDER_CHANGED } from './use-order-changed';

/** POST /admin/add-new-remark; the server records the signed-in member as the remarker. */
export function addRemark(input: AddRemarkInput) {
  return sendEndpoint<typeof orderDetailApi.addRemark>('POST', '/admin/add-new-remark', { body: input });
}

export function useAddRemark() {
  return useApiMutation({ request: addRemark, invalidate: ORDER_CHANGED });
}
