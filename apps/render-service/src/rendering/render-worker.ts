import { workerData } from 'node:worker_threads';

import Piscina from 'piscina';

import { installFonts } from './fonts';
import { installPdfConformance } from './pdf-conformance';
import { DEFAULT_OUTPUT_LIMITS, type OutputLimits } from './output-budget';
import { type RenderedBytes, type RenderFailure, runTask, type WorkerTask } from './render-document';
import { TemplateCache } from './template-engine';

/** What the pool gives each worker when it starts. */
export interface RenderWorkerData {
  readonly fontsDir?: string;
  readonly outputLimits?: OutputLimits;
}

// Per worker, for its whole life: parsed fonts and compiled templates.
const settings = (workerData as RenderWorkerData | undefined) ?? {};
installFonts(settings.fontsDir);
installPdfConformance();
const outputLimits = settings.outputLimits ?? DEFAULT_OUTPUT_LIMITS;
const templates = new TemplateCache();

/**
 * The pool's entry point, off the service's event loop: the document's bytes (moved to the
 * service's thread, not copied) with its warnings, or why the client's input cannot become a document.
 */
export default async function renderInWorker(task: WorkerTask): Promise<RenderedBytes | RenderFailure> {
  const outcome = await runTask(task, templates, outputLimits);
  if (!outcome.ok) {
    const { ok: _ok, ...failure } = outcome;
    return failure;
  }
  const rendered: RenderedBytes = { bytes: outcome.bytes, warnings: outcome.warnings };
  // Piscina moves the buffer named by its transferable symbol and answers with the value's.
  const movable = {
    [Piscina.transferableSymbol]: outcome.bytes.buffer,
    [Piscina.valueSymbol]: rendered,
  };
  return Piscina.move(movable as unknown as Parameters<typeof Piscina.move>[0]) as unknown as RenderedBytes;
}
