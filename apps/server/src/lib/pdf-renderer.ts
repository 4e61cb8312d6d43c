/**
 * The PDF jobs the server knows, by name: each feature that draws a PDF adds its render
 * function here (`declare module` in the feature), so calls and the worker's table are typed
 * from the function itself. Arguments and results are plain data: they cross to a worker thread
 * by structured clone.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by each feature's declaration
export interface PdfJobs {}

export type PdfJobName = keyof PdfJobs;
type Render = (...args: never[]) => Promise<unknown>;
export type PdfJobArgs<K extends PdfJobName> = PdfJobs[K] extends Render ? Parameters<PdfJobs[K]> : never;
export type PdfJobResult<K extends PdfJobName> = PdfJobs[K] extends Render ? Awaited<ReturnType<PdfJobs[K]>> : never;

/** Renders PDFs by job name: in worker threads (the server) or in this thread (PDF_WORKERS=0). */
export interface PdfRenderer {
  render<K extends PdfJobName>(job: K, ...args: PdfJobArgs<K>): Promise<PdfJobResult<K>>;
  /** Ends the worker threads (graceful shutdown). */
  close(): Promise<void>;
}

/** What a worker thread receives. */
export interface PdfJobMessage {
  job: PdfJobName;
  args: unknown[];
}

/**
 * A Buffer crosses a thread as a plain Uint8Array: the result's byte arrays become Buffers again
 * (views over the same memory, no copy).
 */
export function reviveBuffers(value: unknown): unknown {
  if (value instanceof Uint8Array) {
    return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  }
  if (Array.isArray(value)) return value.map(reviveBuffers);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, reviveBuffers(v)]));
  }
  return value;
}
