/**
 * The last order change the event stream told of (`at`, the server's time of it). Reads that
 * follow an event name it (`?seen=`): the answering instance may not have heard of the change yet,
 * and then loads its counts again instead of answering from before it.
 */
let lastSeen: number | undefined;

/** Notes the change of a 'counts' event (its data: `{"at": …}`, or `{}` when the time is unknown). */
export function noteChange(data: string): void {
  try {
    const at = (JSON.parse(data) as { at?: unknown }).at;
    if (typeof at === 'number' && at > 0 && (lastSeen === undefined || at > lastSeen)) lastSeen = at;
  } catch {
    // not a change of ours
  }
}

/** `path` with the last change seen, if any. */
export function withSeenChange(path: string): string {
  return lastSeen === undefined ? path : `${path}${path.includes('?') ? '&' : '?'}seen=${lastSeen}`;
}

/** For tests: forget what was seen. */
export function forgetChanges(): void {
  lastSeen = undefined;
}
