import { toast, toastEnvelope } from '../../../lib/toast';
import { useAssignOrders } from '../api/assign-orders';

/** Assign to me with the spec's messages; shared by the button and the 'a' key. */
export function useAssignToMe(userName: string) {
  // The screen words this toast: a partly taken selection warns instead of succeeding.
  const assign = useAssignOrders(false);
  const assignToMe = async (orderIds: number[]): Promise<void> => {
    if (!orderIds.length || assign.isPending) return;
    const answer = await assign.mutateAsync({ orderIds, assignto: userName });
    // Part of the selection was taken by someone else: the message says how many were assigned
    // and names the others with who holds them ("2 assigned; 100123 already taken by …").
    const taken = answer.data && 'taken' in answer.data ? answer.data.taken : [];
    if (answer.status === 1 && taken.length) toast.warning(answer.message);
    else toastEnvelope(answer);
  };
  return { assignToMe, isPending: assign.isPending };
}
