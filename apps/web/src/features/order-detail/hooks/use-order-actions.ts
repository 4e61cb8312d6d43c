import { decideOrderAction, lifecycleStateOf, type OrderAction, type OrderDetail } from '@nzeta/domain';
import { useAuth } from '../../../lib/auth-context';

/** What the transition table allows the signed-in member to do to this order (DESIGN §2). */
export function useOrderActions(order: OrderDetail): (action: OrderAction) => boolean {
  const { user, role } = useAuth();
  const state = lifecycleStateOf(order, user);
  return (action) => !!role && decideOrderAction(state, action, { role, id: user?.id ?? null }).allowed;
}
