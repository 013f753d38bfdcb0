import { type Batches, StreamedPage } from './streamed-page';

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
