import type { Worker } from 'node:worker_threads';

export interface WorkerPoolOptions {
  /** starts one thread */
  createWorker: () => Worker;
  /** threads at most; each starts on its first job */
  size: number;
}

interface Job {
  message: unknown;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  job: Job | undefined;
}

/** What a worker answers: the job's result, or its error as plain data. */
export type WorkerAnswer = { ok: true; value: unknown } | { ok: false; error: { name: string; message: string } };

/**
 * A fixed number of worker threads, each running one job at a time; jobs wait their turn in
 * order. CPU-bound work (PDF layout) runs there so the event loop keeps answering other
 * requests meanwhile. A thread that crashes fails its own job only and is replaced on demand.
 */
export class WorkerPool {
  readonly #threads = new Set<Thread>();
  readonly #queue: Job[] = [];
  #closed = false;
  #idle: (() => void) | undefined;

  constructor(readonly options: WorkerPoolOptions) {
    if (!Number.isInteger(options.size) || options.size < 1) throw new Error('A worker pool needs at least one thread');
  }

  run(message: unknown): Promise<unknown> {
    if (this.#closed) return Promise.reject(new Error('The worker pool is closed'));
    return new Promise((resolve, reject) => {
      this.#queue.push({ message, resolve, reject });
      this.#dispatch();
    });
  }

  /** Threads started so far (they start lazily). */
  get threads(): number {
    return this.#threads.size;
  }

  /** Takes no new job, lets those already given finish, then ends every thread. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#busy()) await new Promise<void>((resolve) => (this.#idle = resolve));
    await Promise.all([...this.#threads].map((thread) => thread.worker.terminate()));
  }

  #busy(): boolean {
    return this.#queue.length > 0 || [...this.#threads].some((t) => t.job);
  }

  #dispatch(): void {
    if (this.#idle && !this.#busy()) this.#idle();
    while (this.#queue.length) {
      const thread = [...this.#threads].find((t) => !t.job) ?? this.#start();
      if (!thread) return;
      const job = this.#queue.shift() as Job;
      thread.job = job;
      // A busy thread keeps the process alive (a command-line tool awaiting a PDF); an idle one does not.
      thread.worker.ref();
      thread.worker.postMessage(job.message);
    }
  }

  #start(): Thread | undefined {
    if (this.#threads.size >= this.options.size) return undefined;
    const worker = this.options.createWorker();
    const thread: Thread = { worker, job: undefined };
    this.#threads.add(thread);
    worker.on('message', (answer: WorkerAnswer) => {
      const job = thread.job;
      thread.job = undefined;
      worker.unref();
      if (answer.ok) job?.resolve(answer.value);
      else job?.reject(Object.assign(new Error(answer.error.message), { name: answer.error.name }));
      this.#dispatch();
    });
    const fail = (error: Error) => {
      this.#threads.delete(thread);
      thread.job?.reject(error);
      thread.job = undefined;
      this.#dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`A worker thread stopped (exit code ${code})`)));
    return thread;
  }
}
