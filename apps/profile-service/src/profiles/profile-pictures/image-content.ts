import { crc32 } from 'node:zlib';

import type { PictureMediaType } from './profile-picture.entity';

/** Beyond this many pixels a side, a small file can still be a decompression bomb for its viewers. */
export const MAX_PICTURE_SIDE = 10_000;

export type ImageInspection =
  | {
      readonly ok: true;
      readonly mediaType: PictureMediaType;
      readonly width: number;
      readonly height: number;
    }
  | { readonly ok: false; readonly reason: string };

const refused = (reason: string): ImageInspection => ({ ok: false, reason });

const startsWith = (bytes: Buffer, prefix: readonly number[], at = 0): boolean =>
  bytes.length >= at + prefix.length && prefix.every((byte, index) => bytes[at + index] === byte);

const ascii = (bytes: Buffer, at: number, length: number): string =>
  bytes.length >= at + length ? bytes.toString('latin1', at, at + length) : '';

/**
 * What an image is, by its content alone: the signature of PNG, JPEG or WebP and a header that
 * decodes (dimensions present and in bounds, PNG's header checksum right, a JPEG frame before its
 * scan, a WebP bitstream header). The declared type and the file name play no part.
 */
export function inspectImage(bytes: Buffer): ImageInspection {
  let inspection: ImageInspection;
  if (startsWith(bytes, PNG_SIGNATURE)) inspection = inspectPng(bytes);
  else if (startsWith(bytes, [0xff, 0xd8, 0xff])) inspection = inspectJpeg(bytes);
  else if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') inspection = inspectWebp(bytes);
  else return refused('is not a PNG, JPEG or WebP image');
  if (!inspection.ok) return inspection;
  if (inspection.width < 1 || inspection.height < 1) return refused('has an image header without dimensions');
  if (inspection.width > MAX_PICTURE_SIDE || inspection.height > MAX_PICTURE_SIDE) {
    return refused(
      `is ${inspection.width} x ${inspection.height} pixels; at most ${MAX_PICTURE_SIDE} pixels a side are allowed`,
    );
  }
  return inspection;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Bit depths allowed per PNG colour type (PNG specification, table 11.1). */
const PNG_BIT_DEPTHS: Readonly<Record<number, readonly number[]>> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

/** The signature, then an IHDR chunk of 13 bytes with a valid colour type, depth and checksum. */
function inspectPng(bytes: Buffer): ImageInspection {
  const damaged = refused('is a damaged PNG image (its header does not decode)');
  if (bytes.length < 33) return damaged;
  if (bytes.readUInt32BE(8) !== 13 || ascii(bytes, 12, 4) !== 'IHDR') return damaged;
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const [bitDepth, colourType, compression, filter, interlace] = bytes.subarray(24, 29);
  if (!PNG_BIT_DEPTHS[colourType]?.includes(bitDepth)) return damaged;
  if (compression !== 0 || filter !== 0 || interlace > 1) return damaged;
  if (crc32(bytes.subarray(12, 29)) !== bytes.readUInt32BE(29)) return damaged;
  return { ok: true, mediaType: 'image/png', width, height };
}

/** Markers without a length: TEM, RST0..7 (SOI and EOI do not occur before the frame header). */
const isStandalone = (marker: number): boolean => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
/** SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC). */
const isFrameHeader = (marker: number): boolean =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** SOI, then segments up to a frame header (SOFn) whose dimensions and components decode. */
function inspectJpeg(bytes: Buffer): ImageInspection {
  const damaged = refused('is a damaged JPEG image (no frame header decodes before its data)');
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return damaged;
    while (at < bytes.length && bytes[at] === 0xff) at += 1; // fill bytes
    if (at >= bytes.length) return damaged;
    const marker = bytes[at];
    at += 1;
    if (isStandalone(marker)) continue;
    if (marker === 0xd8 || marker === 0xd9 || marker === 0xda || marker === 0x00) return damaged;
    if (at + 2 > bytes.length) return damaged;
    const length = bytes.readUInt16BE(at);
    if (length < 2 || at + length > bytes.length) return damaged;
    if (isFrameHeader(marker)) {
      if (length < 8) return damaged;
      const precision = bytes[at + 2];
      const height = bytes.readUInt16BE(at + 3);
      const width = bytes.readUInt16BE(at + 5);
      const components = bytes[at + 7];
      if (![8, 12, 16].includes(precision) && !(marker === 0xc3 && precision >= 2 && precision <= 16))
        return damaged;
      if (![1, 2, 3, 4].includes(components) || length !== 8 + 3 * components) return damaged;
      return { ok: true, mediaType: 'image/jpeg', width, height };
    }
    at += length;
  }
  return damaged;
}

/** RIFF/WEBP with a first chunk VP8 (lossy), VP8L (lossless) or VP8X (extended) whose header decodes. */
function inspectWebp(bytes: Buffer): ImageInspection {
  const damaged = refused('is a damaged WebP image (its header does not decode)');
  if (bytes.length < 30) return damaged;
  const riffSize = bytes.readUInt32LE(4);
  if (riffSize < 4 || riffSize + 8 > bytes.length) return damaged;
  const chunk = ascii(bytes, 12, 4);
  const chunkSize = bytes.readUInt32LE(16);
  if (20 + chunkSize > bytes.length) return damaged;
  if (chunk === 'VP8 ') {
    // Frame tag (3 bytes, key frame when bit 0 is clear), start code 9d 01 2a, 14-bit sizes.
    if (chunkSize < 10 || (bytes[20] & 0x01) !== 0 || !startsWith(bytes, [0x9d, 0x01, 0x2a], 23))
      return damaged;
    return {
      ok: true,
      mediaType: 'image/webp',
      width: bytes.readUInt16LE(26) & 0x3fff,
      height: bytes.readUInt16LE(28) & 0x3fff,
    };
  }
  if (chunk === 'VP8L') {
    // Signature 0x2f, then width - 1 and height - 1 in 14 bits each, then a version of 0.
    if (chunkSize < 5 || bytes[20] !== 0x2f) return damaged;
    const bits = bytes.readUInt32LE(21);
    if (bits >>> 29 !== 0) return damaged;
    return {
      ok: true,
      mediaType: 'image/webp',
      width: (bits & 0x3fff) + 1,
      height: ((bits >>> 14) & 0x3fff) + 1,
    };
  }
  if (chunk === 'VP8X') {
    // Flags, 3 reserved bytes, then canvas width - 1 and height - 1 in 24 bits each.
    if (chunkSize < 10) return damaged;
    return {
      ok: true,
      mediaType: 'image/webp',
      width: bytes.readUIntLE(24, 3) + 1,
      height: bytes.readUIntLE(27, 3) + 1,
    };
  }
  return damaged;
}
