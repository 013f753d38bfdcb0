import { describeJsonSyntax } from '@portal/problem-details';

/** The largest sample data a version may keep: 1 MiB of UTF-8 as compact JSON text. */
export const SAMPLE_DATA_MAX_BYTES = 1024 * 1024;

/** Sample data as a client sends it: a JSON object or array, JSON text of one, or null for none. */
export type SampleDataInput = string | Record<string, unknown> | unknown[] | null | undefined;

/** Sample data as the response gives it: the object or array itself, or null. */
export type SampleData = Record<string, unknown> | unknown[];

export type SampleDataReading =
  { readonly ok: true; readonly text: string | null } | { readonly ok: false; readonly problem: string };

const isObjectOrArray = (value: unknown): value is SampleData => value !== null && typeof value === 'object';

const refuse = (problem: string): SampleDataReading => ({ ok: false, problem });

/**
 * Reads `sampleData` as sent into the compact JSON text that is stored (null for none), or says
 * what is wrong with it. Text must parse as JSON and hold an object or array, at most
 * SAMPLE_DATA_MAX_BYTES of compact JSON. Depth and values are bounded before: a value by the body's
 * bounds, text by OptionalJsonTextOrValue's.
 */
export function readSampleData(value: unknown): SampleDataReading {
  if (value === undefined || value === null) return { ok: true, text: null };
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return refuse(`sampleData is not valid JSON text ${describeJsonSyntax(value)}`);
    }
    if (!isObjectOrArray(parsed))
      return refuse('sampleData must be a JSON object or array (or JSON text of one), not a JSON scalar');
  } else if (!isObjectOrArray(value)) {
    return refuse('sampleData must be a JSON object or array, or JSON text of one');
  }
  const text = JSON.stringify(parsed);
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > SAMPLE_DATA_MAX_BYTES)
    return refuse(
      `sampleData must be at most ${SAMPLE_DATA_MAX_BYTES} bytes (1 MiB) as compact JSON, not ${bytes}`,
    );
  return { ok: true, text };
}

/** The stored text back as the object or array it holds. */
export function sampleDataOf(text: string | null | undefined): SampleData | null {
  if (text === null || text === undefined) return null;
  return JSON.parse(text) as SampleData;
}

/** What is wrong with `sampleData` as sent, or undefined (OptionalJsonTextOrValue's check). */
export function sampleDataProblem(value: unknown): string | undefined {
  const reading = readSampleData(value);
  return reading.ok ? undefined : reading.problem;
}
