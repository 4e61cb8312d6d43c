import { toast, toastEnvelope } from '../../../lib/toast';
import { useAssignOrders } from '../api/assign-orders';

/** Assign to me with the spec's messages; shared by the button and the 'a' key. */
export function useAssignToMe(userName: string) {
  const assign = useAssignOrders();
  const assignToMe = async (orderIds: number[]): Promise<void> => {
    if (!orderIds.length || assign.isPending) return;
    const answer = await assign.mutateAsync({ orderIds, assignto: userName });
    // Part of the selection was taken by someone else: the message names those orders.
    if (answer.status === 1 && answer.data?.taken?.length) toast.error(answer.message);
    else toastEnvelope(answer);
  };
  return { assignToMe, isPending: assign.isPending };
}
