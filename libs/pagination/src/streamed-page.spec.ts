import { type Batches, STREAM_CHUNK_CHARS, StreamedPage } from './streamed-page';

/** Batches from arrays, remembering whether they were returned (their cursor released). */
function batchesOf<T>(...batches: T[][]): Batches<T> & { returned: boolean; read: number } {
  const state = {
    returned: false,
    read: 0,
    next: () => {
      if (state.returned || state.read >= batches.length)
        return Promise.resolve({ done: true as const, value: undefined });
      state.read += 1;
      return Promise.resolve({ done: false as const, value: batches[state.read - 1] });
    },
    return: () => {
      state.returned = true;
      return Promise.resolve({ done: true as const, value: undefined });
    },
  };
  return state;
}

async function text(page: StreamedPage<unknown>): Promise<string> {
  let body = '';
  for await (const chunk of page.toJsonStream()) body += String(chunk);
  return body;
}

const request = { pageNumber: 1, pageSize: undefined };

describe('StreamedPage', () => {
  it('writes its batches as one JSON array, skipping empty batches', async () => {
    const page = new StreamedPage(
      batchesOf([{ id: 1 }, { id: 2 }], [], [{ id: 3, name: 'Zoë "Z"' }]),
      3,
      request,
    );
    const body = await text(page);
    expect(JSON.parse(body)).toEqual([{ id: 1 }, { id: 2 }, { id: 3, name: 'Zoë "Z"' }]);
  });

  it('writes an empty array when there is nothing', async () => {
    expect(await text(new StreamedPage(batchesOf<unknown>(), 0, request))).toBe('[]');
  });

  it('maps each item lazily and tells the headers the total on one page', async () => {
    const source = batchesOf([1, 2], [3]);
    const page = new StreamedPage(source, 3, request).map((value) => ({ id: value * 10 }));
    expect(source.read).toBe(0);
    expect(page.pageSize).toBe(3);
    expect(page.totalPages).toBe(1);
    expect(new StreamedPage(batchesOf<unknown>(), 0, request).totalPages).toBe(0);
    expect(JSON.parse(await text(page))).toEqual([{ id: 10 }, { id: 20 }, { id: 30 }]);
  });

  it('pushes a large batch in chunks of at most STREAM_CHUNK_CHARS, reading the next batch only with its last', async () => {
    // A batch of about 3.5 chunks.
    const items = Array.from({ length: 3500 }, (_, index) => ({
      id: String(index),
      text: `${'x'.repeat(50)}😀`,
    }));
    const source = batchesOf(items, [{ id: 'last', text: '' }]);
    const stream = new StreamedPage(source, items.length + 1, request).toJsonStream();
    const chunks: string[] = [];
    const readWhenPushed: number[] = [];
    // Flowing, each push arrives as its own chunk, encoded to UTF-8 as the socket gets it.
    stream.on('data', (chunk: Buffer) => {
      chunks.push(chunk.toString('utf8'));
      readWhenPushed.push(source.read);
    });
    await new Promise((resolve) => stream.once('end', resolve));
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(STREAM_CHUNK_CHARS);
      // A pair cut in two would have been encoded as U+FFFD.
      expect(chunk).not.toContain('\uFFFD');
    }
    expect(JSON.parse(chunks.join(''))).toEqual([...items, { id: 'last', text: '' }]);
    // The second batch is read only as the first one's last chunk goes out.
    expect(readWhenPushed.slice(0, 3)).toEqual([1, 1, 1]);
  });

  it('never cuts a surrogate pair between two chunks', async () => {
    // '["a' then pairs: a high surrogate sits at index STREAM_CHUNK_CHARS - 1, where a cut falls.
    const item = `a${'😀'.repeat(STREAM_CHUNK_CHARS / 2)}`;
    const stream = new StreamedPage(batchesOf([item]), 1, request).toJsonStream();
    const chunks: string[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
    await new Promise((resolve) => stream.once('end', resolve));
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join('')).not.toContain('\uFFFD');
    expect(JSON.parse(chunks.join(''))).toEqual([item]);
  });

  it('returns the batches (releasing their cursor) when the stream is destroyed early', async () => {
    const source = batchesOf([1], [2], [3]);
    const stream = new StreamedPage(source, 3, request).map((value) => value).toJsonStream();
    const first: unknown = await new Promise((resolve) => stream.once('data', resolve));
    expect(String(first)).toBe('[1');
    stream.destroy();
    await new Promise((resolve) => stream.once('close', resolve));
    expect(source.returned).toBe(true);
  });

  it('fails the stream when a batch cannot be read, and still returns the batches', async () => {
    const source = batchesOf([1]);
    const failing: Batches<number> = {
      next: () => Promise.reject(new Error('the database went away')),
      return: () => source.return(),
    };
    const stream = new StreamedPage(failing, 1, request).toJsonStream();
    const error: unknown = await new Promise((resolve) => {
      stream.on('error', resolve);
      stream.resume();
    });
    expect((error as Error).message).toBe('the database went away');
    expect(source.returned).toBe(true);
  });
});
