import { createRequire } from 'node:module';

/** The parts of restructure (fontkit's binary encoder) this file touches. */
interface EncodeStream {
  [method: string]: unknown;
}
interface NumberType {
  readonly fn: string;
  size(): number;
}
interface ArrayType {
  readonly type: unknown;
  readonly length: unknown;
  size: (this: ArrayType, array: unknown, context: unknown, includePointers?: boolean) => number;
  encode: (this: ArrayType, stream: EncodeStream, array: unknown, parent: unknown) => void;
}
interface Restructure {
  readonly Array: { prototype: ArrayType };
  readonly Number: new (...args: never[]) => NumberType;
}

let installed = false;

/** The fontkit pdfmake's documents use, found as they find it (pdfmake, then pdfkit, then fontkit). */
export function fontkitPath(): string {
  const pdfkit = createRequire(require.resolve('pdfmake')).resolve('pdfkit');
  return createRequire(pdfkit).resolve('fontkit');
}

/**
 * Every embedded TrueType subset carries the font's hinting programs and control values (fpgm,
 * prep, cvt: some 5 000 numbers in Roboto), and fontkit's encoder, restructure, writes an array
 * one number at a time through a method it looks up by a name it builds for each number: half of
 * a subset's cost, some 0.8 ms of an invoice's two fonts. Arrays of plain numbers without a length
 * prefix are sized by multiplication and written by one looked-up method; the bytes are the same
 * (font-subsetting.spec.ts compares them). Once per worker; restructure's decoding is untouched.
 */
export function encodeNumberArraysAtOnce(): void {
  if (installed) return;
  installed = true;
  // fontkit's own copy: restructure is its dependency, not ours.
  const restructure = createRequire(fontkitPath())('restructure') as Restructure;
  const NumberT = restructure.Number;
  const prototype = restructure.Array.prototype;
  // Plain numbers only: subclasses (fixed-point) convert each value as they write it.
  const plainNumbers = (array: ArrayType): NumberType | null =>
    array.type instanceof NumberT && array.type.constructor === NumberT && !(array.length instanceof NumberT)
      ? array.type
      : null;
  const { size, encode } = prototype;
  prototype.size = function (array, context, includePointers = true) {
    const type = plainNumbers(this);
    return type && Array.isArray(array)
      ? array.length * type.size()
      : size.call(this, array, context, includePointers);
  };
  prototype.encode = function (stream, array, parent) {
    const type = plainNumbers(this);
    if (!type || !Array.isArray(array)) return encode.call(this, stream, array, parent);
    const write = stream[`write${type.fn}`] as (this: EncodeStream, value: number) => void;
    for (const value of array as number[]) write.call(stream, value);
  };
}
