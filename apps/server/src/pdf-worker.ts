// A PDF worker thread (see pdf-jobs.ts): plain data in, the rendered result out, one job at a time.
import { parentPort } from 'node:worker_threads';
import type { PdfJobMessage } from './lib/pdf-renderer';
import type { WorkerAnswer } from './lib/worker-pool';
import { runPdfJob } from './pdf-jobs';

const port = parentPort;
if (!port) throw new Error('pdf-worker runs as a worker thread');

port.on('message', async (message: PdfJobMessage) => {
  let answer: WorkerAnswer;
  try {
    answer = { ok: true, value: await runPdfJob(message) };
  } catch (error) {
    const { name, message: text } = error instanceof Error ? error : new Error(String(error));
    answer = { ok: false, error: { name, message: text } };
  }
  port.postMessage(answer);
});
