export interface CallBatchOptions {
  /** calls sent in one batch at most */
  maxBatch: number;
}

interface Waiting<In, Out> {
  input: In;
  resolve: (output: Out) => void;
  reject: (error: unknown) => void;
}

/**
 * Calls that arrive while a batch is on its way wait and go together as the next batch, as a
 * database groups the commits that wait on one flush. With nothing in flight a call leaves at the
 * end of the current turn of the event loop, with whatever arrived in that turn, so a lone call
 * waits for nothing. One batch is in flight at a time: batches never run beside each other, so
 * two of them cannot take the same rows' locks in opposite orders.
 *
 * `sendBatch` answers each input in order. When it fails, each call of that batch is tried on
 * its own with `sendOne`, so one call's failure is its own and a batch that lost a race is not
 * everyone's error.
 */
export class CallBatch<In, Out> {
  private waiting: Waiting<In, Out>[] = [];
  private busy = false;
  private scheduled = false;

  constructor(
    private readonly sendBatch: (inputs: In[]) => Promise<Out[]>,
    private readonly sendOne: (input: In) => Promise<Out>,
    private readonly options: CallBatchOptions = { maxBatch: 64 },
  ) {}

  call(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.busy || this.scheduled || !this.waiting.length) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.sendWaiting();
    });
  }

  private async sendWaiting(): Promise<void> {
    if (this.busy) return;
    const batch = this.waiting.splice(0, this.options.maxBatch);
    if (!batch.length) return;
    this.busy = true;
    try {
      await this.send(batch);
    } finally {
      this.busy = false;
      this.schedule();
    }
  }

  private async send(batch: Waiting<In, Out>[]): Promise<void> {
    if (batch.length > 1) {
      const outputs = await this.sendBatch(batch.map((call) => call.input)).catch(() => undefined);
      if (outputs?.length === batch.length) {
        for (const [i, call] of batch.entries()) call.resolve(outputs[i] as Out);
        return;
      }
    }
    await Promise.all(
      batch.map((call) =>
        this.sendOne(call.input).then(
          (output) => call.resolve(output),
          (error: unknown) => call.reject(error),
        ),
      ),
    );
  }
}
