import type { LifecycleActorRef, Role } from '@nzeta/domain';

/** A signed-in staff member acting on orders. */
export interface StaffActor {
  kind?: 'staff';
  id: number;
  name: string;
  role: Role;
}

/** The product itself: mail delivery, provider delivery events, dispute outcomes, retention, demo data. */
export interface SystemActor {
  kind: 'system';
  /** shown in the timeline, e.g. 'System' or 'Mail delivery' */
  name: string;
}

export type LifecycleActor = StaffActor | SystemActor;

export function isSystemActor(actor: LifecycleActor): actor is SystemActor {
  return actor.kind === 'system';
}

export function actorRef(actor: LifecycleActor): LifecycleActorRef {
  return isSystemActor(actor) ? { role: 'System', id: null } : { role: actor.role, id: actor.id };
}

/** The actor's staff id as stored in activity rows (null for the system). */
export function actorId(actor: LifecycleActor): number | null {
  return isSystemActor(actor) ? null : actor.id;
}
