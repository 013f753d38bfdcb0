import { crc32, deflateSync } from 'node:zlib';

/** Small images built byte by byte, so the tests need no image files or tools. */

const chunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
};

/** A complete grey PNG (8-bit greyscale); `padTo` appends an ancillary chunk up to that size. */
export function png(width = 2, height = 3, padTo?: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let row = 0; row < height; row += 1) rows[row * (width + 1)] = 0; // filter: none
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
  ];
  const end = chunk('IEND', Buffer.alloc(0));
  const size = parts.reduce((sum, part) => sum + part.length, 0) + end.length;
  if (padTo !== undefined) {
    const keyword = Buffer.from('Comment\0', 'latin1');
    parts.push(
      chunk('tEXt', Buffer.concat([keyword, Buffer.alloc(padTo - size - 12 - keyword.length, 0x61)])),
    );
  }
  return Buffer.concat([...parts, end]);
}

/**
 * A baseline greyscale JPEG whose blocks are all mid-grey: one quantisation table, Huffman
 * tables of one code each (DC difference 0, end of block), and two bits of scan data per block.
 */
export function jpeg(width = 8, height = 8): Buffer {
  const segment = (marker: number, data: number[]): number[] => [
    0xff,
    marker,
    (data.length + 2) >> 8,
    (data.length + 2) & 0xff,
    ...data,
  ];
  const oneCodeTable = (tableClassAndId: number): number[] => [
    tableClassAndId,
    1,
    ...new Array<number>(15).fill(0),
    0x00,
  ];
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const bits = '00'.repeat(blocks).padEnd(Math.ceil((blocks * 2) / 8) * 8, '1');
  const scan = bits.match(/.{8}/g)?.map((byte) => parseInt(byte, 2)) ?? [];
  return Buffer.from([
    0xff,
    0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xdb, [0x00, ...new Array<number>(64).fill(1)]),
    ...segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
    ...segment(0xc4, oneCodeTable(0x00)),
    ...segment(0xc4, oneCodeTable(0x10)),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    ...scan,
    0xff,
    0xd9,
  ]);
}

/** 1 x 1 WebP images: lossless (VP8L), lossy (VP8) and extended with alpha (VP8X). */
export const WEBP = {
  lossless: Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
  lossy: Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64'),
  extended: Buffer.from(
    'UklGRkoAAABXRUJQVlA4WAoAAAAQAAAAAAAAAAAAQUxQSAwAAAARBxAR/Q9ERP8DAABWUDggGAAAABQBAJ0BKgEAAQAAAP4AAA3AAP7mtQAAAA==',
    'base64',
  ),
};

/** Files that are not pictures a profile may have. */
export const NOT_PICTURES = {
  gif: Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>'),
  text: Buffer.from('hello, world'),
  empty: Buffer.alloc(0),
  /** A PNG signature and nothing after it. */
  truncatedPng: png().subarray(0, 20),
  /** A PNG whose header checksum is wrong. */
  corruptPng: Buffer.concat([png().subarray(0, 29), Buffer.from([0, 0, 0, 0]), png().subarray(33)]),
  /** A JPEG that ends before its frame header. */
  headerlessJpeg: Buffer.from([0xff, 0xd8, 0xff, 0xd9]),
  /** A RIFF container of WebP type without a bitstream chunk. */
  hollowWebp: Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from([22, 0, 0, 0]),
    Buffer.from('WEBPJUNK'),
    Buffer.alloc(18),
  ]),
};
