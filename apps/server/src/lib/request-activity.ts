/**
 * Whether the server is at work on requests, and since when it has not been: background work
 * that holds the embedded database for seconds (pglite-maintenance.ts) waits for a quiet moment.
 */
export class RequestActivity {
  #inFlight = 0;
  /** when the last request ended; 0 until one has, so a server just started counts as quiet */
  #lastEndedAt = 0;

  constructor(private readonly now: () => number = Date.now) {}

  get inFlight(): number {
    return this.#inFlight;
  }

  /** Counts a request in; the returned function counts it out (once, however often it is called). */
  started(): () => void {
    this.#inFlight += 1;
    let isDone = false;
    return () => {
      if (isDone) return;
      isDone = true;
      this.#inFlight -= 1;
      this.#lastEndedAt = this.now();
    };
  }

  /** How long no request has been in progress: 0 while one is. */
  quietForMs(): number {
    return this.#inFlight > 0 ? 0 : this.now() - this.#lastEndedAt;
  }
}
