import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { renderDefencePack } from './features/defence-packs/render-defence-pack';
import { renderEvidenceBundle } from './features/disputes/render-evidence-bundle';
import { renderInvoice } from './features/invoices/render-invoice';
import {
  type PdfJobArgs,
  type PdfJobMessage,
  type PdfJobName,
  type PdfJobResult,
  type PdfJobs,
  type PdfRenderer,
  reviveBuffers,
} from './lib/pdf-renderer';
import { WorkerPool } from './lib/worker-pool';

/** Every PDF the server draws, by job name: the worker thread's table (and the in-thread one). */
export const pdfJobs: PdfJobs = {
  defencePack: renderDefencePack,
  evidenceBundle: renderEvidenceBundle,
  invoice: renderInvoice,
};

export function runPdfJob({ job, args }: PdfJobMessage): Promise<unknown> {
  const render = pdfJobs[job] as (...args: unknown[]) => Promise<unknown>;
  if (!render) return Promise.reject(new Error(`Unknown PDF job ${job}`));
  return render(...args);
}

/**
 * The worker's entry sits next to this module: `dist/pdf-worker.js` in the build (dist/ is flat),
 * `src/pdf-worker.ts` under tsx and vitest. From the sources the thread first registers tsx's
 * loader itself: a thread does not inherit vitest's transform, and Node 20 does not apply an
 * `--import` loader given in a Worker's execArgv.
 */
function startPdfWorker(): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = new URL(`./pdf-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  if (!fromSource) return new Worker(entry);
  // tsx's ES-module API, the .mjs beside the .cjs that require() resolves
  const tsxApi = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  );
  const bootstrap = `import(${JSON.stringify(tsxApi.href)}).then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(bootstrap, { eval: true });
}

/** PDF_WORKERS threads, started on the first PDF; 0 renders on this thread. */
export function createPdfRenderer(workers: number): PdfRenderer {
  if (workers === 0) {
    return {
      render: <K extends PdfJobName>(job: K, ...args: PdfJobArgs<K>) =>
        runPdfJob({ job, args }) as Promise<PdfJobResult<K>>,
      close: async () => {},
    };
  }
  const pool = new WorkerPool({ createWorker: startPdfWorker, size: workers });
  return {
    render: async <K extends PdfJobName>(job: K, ...args: PdfJobArgs<K>) =>
      reviveBuffers(await pool.run({ job, args } satisfies PdfJobMessage)) as PdfJobResult<K>,
    close: () => pool.close(),
  };
}
