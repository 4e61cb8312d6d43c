/**
 * The last order change the event stream told of (`at`, the server's time of it). Reads that
 * follow an event name it (`?seen=`): the answering instance may not have heard of the change yet,
 * and then loads its counts again instead of answering from before it.
 */
let lastSeen: number | undefined;

/** Notes the change of a 'counts' event (its data: `{"at": …}`, or `{}` when the time is unknown). */
export function noteChange(data: string): void {
  try {
    const parsed: unknown = JSON.parse(data);
    const at = typeof parsed === 'object' && parsed !== null && 'at' in parsed ? parsed.at : undefined;
    if (typeof at === 'number' && at > 0 && (lastSeen === undefined || at > lastSeen)) lastSeen = at;
  } catch {
    // not a change of ours
  }
}

/** The query part naming the last change seen (`seen`), empty when none was. */
export function seenQuery(): { seen?: number } {
  return lastSeen === undefined ? {} : { seen: lastSeen };
}

/** For tests: forget what was seen. */
export function forgetChanges(): void {
  lastSeen = undefined;
}
