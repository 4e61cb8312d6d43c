import { isDeepStrictEqual } from 'node:util';
import { send, type Tally } from './client';

/**
 * A staff console as the browser runs it: holds GET /api/admin/events open through the balancer,
 * reads the folder counts when it connects and on every 'counts' event (naming the change it heard
 * of, `?seen=`), and when the stream ends
 * (its instance stopped) waits the server's `retry:` delay and connects again, as EventSource does.
 */
export class ConsoleClient {
  counts: unknown;
  /** the instance that answered the last read (nginx's X-Upstream header in the rig) */
  readFrom = '';
  reconnects = 0;
  longestGapMs = 0;
  private lastEventAt = 0;
  private seen = 0;
  private lastReadAt = 0;
  private lostAt = 0;
  private refreshing: Promise<void> | undefined;
  private again = false;
  private readonly abort = new AbortController();
  private running: Promise<void> | undefined;

  constructor(
    private readonly tally: Tally,
    private readonly baseUrl: string,
    readonly token: string,
    readonly staffId: number,
  ) {}

  start(): void {
    this.running = this.loop();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
  }

  /** The counts this console shows equal `expected`. */
  shows(expected: unknown): boolean {
    return isDeepStrictEqual(this.counts, expected);
  }

  /** When, after `since`, it last heard an event and last read the counts (for a late console). */
  describe(since: number): string {
    const at = (t: number) => (t >= since ? `+${t - since} ms` : 'before');
    return `event ${at(this.lastEventAt)}, read ${at(this.lastReadAt)} from ${this.readFrom || '?'}${this.lostAt ? ', stream down' : ''}`;
  }

  private async loop(): Promise<void> {
    let retryMs = 3000;
    while (!this.abort.signal.aborted) {
      try {
        this.tally.count('GET /api/admin/events');
        const response = await fetch(`${this.baseUrl}/api/admin/events?token=${encodeURIComponent(this.token)}`, {
          signal: this.abort.signal,
        });
        if (!response.ok || !response.body) throw new Error(`events answered ${response.status}`);
        if (this.lostAt) this.longestGapMs = Math.max(this.longestGapMs, Date.now() - this.lostAt);
        this.lostAt = 0;
        void this.refresh();
        let buffered = '';
        for await (const chunk of response.body) {
          buffered += Buffer.from(chunk).toString('utf8');
          let end = buffered.indexOf('\n\n');
          while (end >= 0) {
            const event = buffered.slice(0, end);
            buffered = buffered.slice(end + 2);
            const retry = /^retry: *(\d+)/m.exec(event);
            if (retry) retryMs = Number(retry[1]);
            if (/^event: *counts/m.test(event)) {
              this.lastEventAt = Date.now();
              this.noteChange(/^data: *(.*)$/m.exec(event)?.[1] ?? '');
              void this.refresh();
            }
            end = buffered.indexOf('\n\n');
          }
        }
      } catch (error) {
        if (this.abort.signal.aborted) return;
        if (!this.lostAt) this.tally.failures.push(`console stream: ${(error as Error).message}`);
      }
      if (this.abort.signal.aborted) return;
      // The stream ended (its instance is stopping): reconnect as EventSource would.
      if (!this.lostAt) this.lostAt = Date.now();
      this.reconnects++;
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  }

  /** As the console does (apps/web/src/lib/live-changes.ts): reads name the last change heard of. */
  private noteChange(data: string): void {
    try {
      const at = (JSON.parse(data) as { at?: unknown }).at;
      if (typeof at === 'number' && at > this.seen) this.seen = at;
    } catch {
      // not a change
    }
  }

  /** One read at a time; an event during a read asks for one more after it. */
  refresh(): Promise<void> {
    if (this.refreshing) {
      this.again = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      do {
        this.again = false;
        const answer = await send(this.tally, this.baseUrl, {
          method: 'GET',
          path: `/api/admin/get-folder-count${this.seen ? `?seen=${this.seen}` : ''}`,
          route: 'GET /api/admin/get-folder-count',
          token: this.token,
        });
        if (answer) {
          this.counts = answer.json().data;
          this.readFrom = answer.upstream ?? '';
          this.lastReadAt = Date.now();
        }
      } while (this.again);
    })().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }
}
