import { RenderError } from './render-error';

/** The largest document a render may produce, by output format (RENDER_MAX_*_BYTES). */
export interface OutputLimits {
  /** html and txt, and the text a json, html or md template writes on its way to a pdf. */
  readonly textBytes: number;
  readonly pdfBytes: number;
}

export const DEFAULT_OUTPUT_LIMITS: OutputLimits = { textBytes: 8 * 1024 * 1024, pdfBytes: 16 * 1024 * 1024 };

const readable = (bytes: number): string =>
  bytes >= 1024 * 1024
    ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MiB`
    : `${Math.round((bytes / 1024) * 10) / 10} KiB`;

/** The 422 of a document past its limit, naming the limit and the variable that sets it. */
export function outputTooLarge(limit: number, variable: string): RenderError {
  return new RenderError(
    'OUTPUT.TOO_LARGE',
    `The rendered document exceeds ${limit} bytes (${readable(limit)}, ${variable}); ` +
      'a loop over the data may repeat more than intended.',
  );
}

/**
 * Counts what a template writes while it runs, so that a render is stopped as soon as its output
 * passes the limit rather than after the whole string is built (a loop inside a loop over the
 * data multiplies it). Handlebars builds each block's output as a string that it returns to the
 * enclosing block, so each running block invocation is a frame: values written and finished
 * inner blocks count in the innermost frame, and a finished block's string moves to its parent
 * (its own frame is dropped, so nothing counts twice). The sum over the open frames is what the
 * template has written so far, short of the literal text of the blocks still running (bounded by
 * the template's size); the finished text is checked exactly afterwards.
 */
export class OutputBudget {
  private readonly frames: number[] = [0];
  private written = 0;

  constructor(
    private readonly limit: number,
    private readonly variable: string,
  ) {}

  /** `length` characters written into the innermost running block (or the template itself). */
  wrote(length: number): void {
    this.frames[this.frames.length - 1] += length;
    this.written += length;
    if (this.written > this.limit) throw outputTooLarge(this.limit, this.variable);
  }

  /** Runs one invocation of a block's body, counting what it writes. */
  block(body: () => string): string {
    this.frames.push(0);
    let output: string;
    try {
      output = body();
    } finally {
      this.written -= this.frames.pop() ?? 0;
    }
    this.wrote(output.length);
    return output;
  }

  /** The finished text, in UTF-8 bytes. */
  check(bytes: number): void {
    if (bytes > this.limit) throw outputTooLarge(this.limit, this.variable);
  }
}

/** The budget of the render running on this thread; renders are synchronous, one at a time. */
let active: OutputBudget | undefined;

/** Runs a template with `budget` counting what it writes. */
export function withBudget<T>(budget: OutputBudget, run: () => T): T {
  const previous = active;
  active = budget;
  try {
    return run();
  } finally {
    active = previous;
  }
}

export function countWritten(length: number): void {
  active?.wrote(length);
}

type BlockBody = ((...args: unknown[]) => string) & { readonly counted?: true };

function counted(body: BlockBody | undefined): BlockBody | undefined {
  if (typeof body !== 'function' || body.counted) return body;
  const wrapped = function (this: unknown, ...args: unknown[]): string {
    return active ? active.block(() => body.apply(this, args)) : body.apply(this, args);
  };
  return Object.assign(wrapped, { counted: true as const });
}

/**
 * A helper whose block bodies (`options.fn`, `options.inverse`) are counted: wrapping every
 * helper covers Handlebars' own `each`, `with`, `if` and the block-helper-missing path alike.
 */
export function countingBlocks<T extends (...args: never[]) => unknown>(helper: T): T {
  return function (this: unknown, ...args: unknown[]): unknown {
    const options = args[args.length - 1] as { fn?: BlockBody; inverse?: BlockBody } | undefined;
    if (options !== null && typeof options === 'object' && typeof options.fn === 'function') {
      options.fn = counted(options.fn);
      options.inverse = counted(options.inverse);
    }
    return helper.apply(this, args as Parameters<T>);
  } as unknown as T;
}
