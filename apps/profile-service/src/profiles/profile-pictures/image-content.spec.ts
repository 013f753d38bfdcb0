import { crc32 } from 'node:zlib';

import { jpeg, NOT_PICTURES, png, WEBP } from '../../../test/support/images';
import { inspectImage, MAX_PICTURE_SIDE } from './image-content';

describe(inspectImage.name, () => {
  it.each([
    ['a PNG', png(2, 3), 'image/png', 2, 3],
    ['a large PNG', png(640, 480), 'image/png', 640, 480],
    ['a JPEG', jpeg(8, 8), 'image/jpeg', 8, 8],
    ['a JPEG of odd size', jpeg(17, 9), 'image/jpeg', 17, 9],
    ['a lossless WebP', WEBP.lossless, 'image/webp', 1, 1],
    ['a lossy WebP', WEBP.lossy, 'image/webp', 1, 1],
    ['an extended WebP with alpha', WEBP.extended, 'image/webp', 1, 1],
  ])('recognises %s by its content', (_case, bytes, mediaType, width, height) => {
    expect(inspectImage(bytes)).toEqual({ ok: true, mediaType, width, height });
  });

  it.each(Object.entries(NOT_PICTURES))('refuses %s', (_case, bytes) => {
    expect(inspectImage(bytes)).toEqual({ ok: false, reason: expect.any(String) });
  });

  it('names what it found wrong', () => {
    expect(inspectImage(NOT_PICTURES.gif)).toEqual({ ok: false, reason: 'is not a PNG, JPEG or WebP image' });
    expect(inspectImage(NOT_PICTURES.corruptPng)).toEqual({
      ok: false,
      reason: 'is a damaged PNG image (its header does not decode)',
    });
  });

  it('refuses a header without dimensions and one beyond the side limit', () => {
    expect(inspectImage(png(0, 3)).ok).toBe(false);
    expect(inspectImage(jpeg(8, 0)).ok).toBe(false);
    expect(inspectImage(png(MAX_PICTURE_SIDE, 1)).ok).toBe(true);
    expect(inspectImage(png(MAX_PICTURE_SIDE + 1, 1))).toEqual({
      ok: false,
      reason: `is ${MAX_PICTURE_SIDE + 1} x 1 pixels; at most ${MAX_PICTURE_SIDE} pixels a side are allowed`,
    });
  });

  it('refuses a PNG with a colour type and depth that do not go together, checksum right', () => {
    const bytes = Buffer.from(png());
    bytes[24] = 4; // bit depth 4 ...
    bytes[25] = 2; // ... with truecolour, which allows only 8 and 16
    bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
    expect(inspectImage(bytes).ok).toBe(false);
    bytes[24] = 8;
    bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
    expect(inspectImage(bytes)).toMatchObject({ ok: true, mediaType: 'image/png' });
  });

  it('never throws on any prefix of a valid image', () => {
    for (const image of [png(3, 3), jpeg(16, 16), WEBP.lossless, WEBP.lossy, WEBP.extended]) {
      for (let length = 0; length < image.length; length += 1) {
        expect(() => inspectImage(image.subarray(0, length))).not.toThrow();
      }
    }
  });

  it('never throws on random bytes behind each signature', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) & 0xff;
    const prefixes = [png().subarray(0, 8), Buffer.from([0xff, 0xd8, 0xff]), WEBP.lossy.subarray(0, 16)];
    for (const prefix of prefixes) {
      for (let round = 0; round < 500; round += 1) {
        const tail = Buffer.from(Array.from({ length: round % 64 }, random));
        expect(() => inspectImage(Buffer.concat([prefix, tail]))).not.toThrow();
      }
    }
  });
});
