import { isMarkedAsUntransferable, workerData } from 'node:worker_threads';

import Piscina from 'piscina';

import { DEFAULT_OUTPUT_LIMITS, type OutputLimits } from '../engine/common/output-budget';
import {
  type RenderedBytes,
  type RenderFailure,
  runTask,
  type WorkerTask,
} from '../engine/document/render-document';
import { installFonts } from '../engine/pdf/fonts';
import { TemplateCache } from '../engine/template/template-engine';
import { waitAtLatch } from './worker-latch';

/** What the pool gives each worker when it starts. */
export interface RenderWorkerData {
  readonly fontsDir?: string;
  readonly outputLimits?: OutputLimits;
}

/** A task, and the latch that holds it when the pool is held (tests: RenderPool.hold). */
export type HeldTask = WorkerTask & { readonly latch?: Int32Array };

// Per worker, for its whole life: parsed fonts and compiled templates.
const settings = (workerData as RenderWorkerData | undefined) ?? {};
// With the vendor patches (engine/vendor/vendor-patches.ts), checked against the versions they were written for.
installFonts(settings.fontsDir);
const outputLimits = settings.outputLimits ?? DEFAULT_OUTPUT_LIMITS;
const templates = new TemplateCache();

/**
 * The pool's entry point, off the service's event loop: the document's bytes (moved to the
 * service's thread, not copied) with its warnings, or why the client's input cannot become a document.
 */
export default async function renderInWorker(task: HeldTask): Promise<RenderedBytes | RenderFailure> {
  if (task.latch) waitAtLatch(task.latch);
  const outcome = await runTask(task, templates, outputLimits);
  if (!outcome.ok) {
    const { ok: _ok, ...failure } = outcome;
    return failure;
  }
  const { missing, warnings, locale } = outcome;
  const bytes = ownBuffer(outcome.bytes);
  // The result as piscina's transferable: the bytes' buffer moves to the service's thread.
  // (piscina's CommonJS entry exports the class alone: its symbols are the class's statics.)
  const moved = {
    [Piscina.transferableSymbol]: bytes.buffer,
    [Piscina.valueSymbol]: { bytes, missing, warnings, locale } satisfies RenderedBytes,
  };
  return Piscina.move(moved as unknown as Parameters<typeof Piscina.move>[0]) as unknown as RenderedBytes;
}

/**
 * Bytes whose buffer can move to the service's thread: a view of part of a buffer, or of Node's
 * shared pool of small Buffers (marked untransferable since Node 21), is copied into its own.
 */
function ownBuffer(bytes: Uint8Array): Uint8Array {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return whole && !isMarkedAsUntransferable(bytes.buffer) ? bytes : new Uint8Array(bytes);
}
