import { DataSource } from 'typeorm';

import { pdfTextOf, testToken, waitUntil } from '@portal/testing';

import { JobCleanup } from '../src/jobs/job-cleanup';
import { RenderPool } from '../src/pool/render-pool';
import { type RenderService, startRenderService, TENANT_PATH } from './render-test-app';
import { unzip } from './zip-entries';

const JOBS = `${TENANT_PATH}/render-jobs`;

/** A letter per item, as text laid out on a PDF page. */
const LETTER = {
  inputFormat: 'txt',
  outputFormat: 'pdf',
  templateData: 'Sehr geehrte(r) {{name}}, Ihre Rechnung Nr. {{number}}.',
};

const items = (count: number): Array<Record<string, unknown>> =>
  Array.from({ length: count }, (_, index) => ({ name: `Person ${index}`, number: `2026-${1000 + index}` }));

/** What poppler reads of a PDF: its pages' text. */

describe('render jobs (HTTP, real PostgreSQL, the queue on PostgreSQL)', () => {
  let service: RenderService;

  beforeAll(async () => {
    service = await startRenderService('render_jobs', { RENDER_WORKERS: '3' });
  });

  afterAll(async () => {
    await service?.close();
  });

  /** Creates a job and waits for it to finish; answers the finished job. */
  async function run(body: Record<string, unknown>, client = service.renderer) {
    const created = await client.post<Record<string, any>>(JOBS, body);
    expect([created.status, created.status === 202 ? '' : created.text]).toEqual([202, '']);
    const location = created.headers.get('location') as string;
    expect(location).toBe(`${JOBS}/${created.body.id}`);
    let job: Record<string, any> = created.body;
    await waitUntil(
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 100));
        job = (await client.get<Record<string, any>>(location)).body;
        return ['succeeded', 'failed', 'cancelled'].includes(job.state);
      },
      'the job finishes',
      60_000,
    );
    return job;
  }

  it('renders every item and gives them as a zip, one PDF per item named by fileName', async () => {
    const job = await run({ ...LETTER, items: items(3), result: 'zip', fileName: 'rechnung-{{number}}' });
    expect(job).toMatchObject({
      state: 'succeeded',
      result: 'zip',
      counts: { total: 3, done: 3, failed: 0 },
      problems: [],
      resultUrl: `${JOBS}/${job.id}/result`,
    });
    const result = await service.renderer.get(job.resultUrl);
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toBe('application/zip');
    expect(result.headers.get('content-disposition')).toBe(`attachment; filename="render-job-${job.id}.zip"`);
    const entries = await unzip(Buffer.from(result.bytes));
    expect(entries.map((entry) => entry.name)).toEqual([
      'rechnung-2026-1000.pdf',
      'rechnung-2026-1001.pdf',
      'rechnung-2026-1002.pdf',
    ]);
    for (const [index, entry] of entries.entries())
      expect(await pdfTextOf(entry.bytes)).toContain(
        `Sehr geehrte(r) Person ${index}, Ihre Rechnung Nr. 2026-${1000 + index}.`,
      );
    // The result does not change: its ETag answers a conditional read with a 304.
    const again = await service.renderer.get(job.resultUrl, {
      headers: { 'if-none-match': result.headers.get('etag') as string },
    });
    expect(again.status).toBe(304);
  });

  it('merges the items into one PDF, in their order', async () => {
    const job = await run({ ...LETTER, items: items(4), result: 'merged' });
    expect(job).toMatchObject({ state: 'succeeded', counts: { total: 4, done: 4, failed: 0 } });
    const result = await service.renderer.get(job.resultUrl);
    expect([result.status, result.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    const pages = (await pdfTextOf(result.bytes)).split('\f').filter((page) => page.trim() !== '');
    expect(pages.map((page) => /Person (\d+)/.exec(page)?.[1])).toEqual(['0', '1', '2', '3']);
  });

  it('fails an item alone, lists its problem, and puts problems.json in the zip', async () => {
    const job = await run({
      ...LETTER,
      rendererOptions: { strict: true },
      items: [{ name: 'Anna', number: '1' }, { name: 'Beat' }, { name: 'Carla', number: '3' }],
    });
    expect(job).toMatchObject({
      state: 'succeeded',
      counts: { total: 3, done: 2, failed: 1 },
      problems: [{ index: 1, problem: { status: 422, detail: expect.stringContaining('number') } }],
    });
    const entries = await unzip(Buffer.from((await service.renderer.get(job.resultUrl)).bytes));
    expect(entries.map((entry) => entry.name)).toEqual(['item-00001.pdf', 'item-00003.pdf', 'problems.json']);
    expect(JSON.parse(entries[2].bytes.toString('utf8'))).toEqual([
      { index: 1, fileName: 'item-00002.pdf', problem: expect.objectContaining({ status: 422 }) },
    ]);
  });

  it('fails the job when every item fails: no result, a 409', async () => {
    const job = await run({ ...LETTER, rendererOptions: { strict: true }, items: [{}, {}] });
    expect(job).toMatchObject({ state: 'failed', counts: { total: 2, done: 0, failed: 2 }, resultUrl: null });
    const result = await service.renderer.get(`${JOBS}/${job.id}/result`);
    expect(result.status).toBe(409);
    expect(result.body).toMatchObject({
      status: 409,
      detail: expect.stringContaining('no item was rendered'),
    });
  });

  it('refuses a job whole, before accepting it, naming each item and property at fault', async () => {
    const invalid = await service.renderer.post<Record<string, any>>(JOBS, {
      ...LETTER,
      items: [
        { name: 'ok' },
        'not an object',
        { qrBill: { currency: 'CHF', creditor: { account: 'CH00 0000' } } },
      ],
      fileName: '{{#if}}',
    });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.errors)).toEqual(expect.arrayContaining(['items[1]', 'fileName']));
    const bill = await service.renderer.post<Record<string, any>>(JOBS, {
      ...LETTER,
      items: [{ name: 'ok' }, { qrBill: { currency: 'CHF', creditor: { account: 'CH00 0000' } } }],
    });
    expect(bill.status).toBe(400);
    expect(Object.keys(bill.body.errors).some((key) => key.startsWith('items[1].qrBill.creditor'))).toBe(
      true,
    );
    expect((await service.renderer.post(JOBS, { ...LETTER, items: [] })).status).toBe(400);
    const notAnArray = await service.renderer.post<Record<string, any>>(JOBS, {
      ...LETTER,
      items: { name: 'x' },
    });
    expect([notAnArray.status, notAnArray.body.errors]).toEqual([400, { items: ['items must be an array'] }]);
    expect(
      (await service.renderer.post(JOBS, { ...LETTER, result: 'merged', outputFormat: 'txt', items: [{}] }))
        .status,
    ).toBe(422);
    expect(
      (await service.renderer.post(JOBS, { ...LETTER, templateData: '{{#each}}', items: [{}] })).status,
    ).toBe(422);
    const callback = await service.renderer.post<Record<string, any>>(JOBS, {
      ...LETTER,
      items: [{}],
      callbackUrl: 'https://callbacks.example.com/done',
    });
    expect([callback.status, Object.keys(callback.body.errors ?? {})]).toEqual([400, ['callbackUrl']]);
    // Nothing of them was kept.
    expect((await service.renderer.get<unknown[]>(`${JOBS}?PageSize=100`)).body).not.toContainEqual(
      expect.objectContaining({ state: 'queued' }),
    );
  });

  it('answers the same job to the same Idempotency-Key and body, and a 422 to another body with it', async () => {
    const key = `key-${Date.now()}`;
    const body = { ...LETTER, items: items(2) };
    const first = await service.renderer.post<Record<string, any>>(JOBS, body, {
      headers: { 'idempotency-key': key },
    });
    const again = await service.renderer.post<Record<string, any>>(JOBS, body, {
      headers: { 'idempotency-key': key },
    });
    expect([first.status, again.status]).toEqual([202, 202]);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await service.renderer.post<Record<string, any>>(
      JOBS,
      { ...body, items: items(3) },
      {
        headers: { 'idempotency-key': key },
      },
    );
    expect(other.status).toBe(422);
    expect(other.body.detail).toContain(first.body.id);
  });

  it("shows a caller its own jobs only: another's is unknown to it", async () => {
    const job = await run({ ...LETTER, items: items(1) });
    expect((await service.otherRenderer.get(`${JOBS}/${job.id}`)).status).toBe(404);
    expect((await service.otherRenderer.get(`${JOBS}/${job.id}/result`)).status).toBe(404);
    expect((await service.otherRenderer.delete(`${JOBS}/${job.id}`)).status).toBe(404);
    const mine = (await service.renderer.get<Array<{ id: string }>>(`${JOBS}?PageSize=1000`)).body.map(
      (j) => j.id,
    );
    const theirs = (await service.otherRenderer.get<Array<{ id: string }>>(`${JOBS}?PageSize=1000`)).body.map(
      (j) => j.id,
    );
    expect(mine).toContain(job.id);
    expect(theirs).not.toContain(job.id);
    expect((await service.renderer.get(`${JOBS}/not-a-uuid`)).status).toBe(400);
  });

  it('cancels a job that has not finished: its items left are never rendered, its result is dropped', async () => {
    const pool = service.app.get(RenderPool);
    const created = await service.renderer.post<Record<string, any>>(JOBS, { ...LETTER, items: items(200) });
    expect(created.status).toBe(202);
    // The workers held from the next item on, as by long renders.
    const latch = pool.hold();
    await latch.arrived(1);
    const notReady = await service.renderer.get(`${JOBS}/${created.body.id}/result`);
    expect([notReady.status, notReady.headers.get('retry-after')]).toEqual([409, '5']);
    expect((await service.renderer.delete(`${JOBS}/${created.body.id}`)).status).toBe(204);
    latch.release();
    const job = (await service.renderer.get<Record<string, any>>(`${JOBS}/${created.body.id}`)).body;
    expect(job.state).toBe('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const later = (await service.renderer.get<Record<string, any>>(`${JOBS}/${created.body.id}`)).body;
    expect(later.counts.done + later.counts.failed).toBeLessThan(200);
    expect((await service.renderer.get(`${JOBS}/${created.body.id}/result`)).status).toBe(409);
  });

  it('deletes a job past its time with its items, and drops the documents of a deleted result, in a cleanup round', async () => {
    const expiring = await run({ ...LETTER, items: items(2) });
    const kept = await run({ ...LETTER, items: items(2) });
    expect((await service.renderer.delete(`${JOBS}/${kept.id}`)).status).toBe(204);
    const sql = (text: string, values: unknown[]) => service.app.get(DataSource).query(text, values);
    await sql(`UPDATE render_job SET expires_at = now() - interval '1 second' WHERE id = $1`, [expiring.id]);
    expect(await service.app.get(JobCleanup).round()).toMatchObject({ jobs: 1, results: 2 });
    expect((await service.renderer.get(`${JOBS}/${expiring.id}`)).status).toBe(404);
    expect(
      await sql(`SELECT count(*)::int AS items FROM render_job_item WHERE job_id = $1`, [expiring.id]),
    ).toEqual([{ items: 0 }]);
    // The job whose result was deleted stays readable, its documents gone.
    expect((await service.renderer.get<Record<string, any>>(`${JOBS}/${kept.id}`)).body.resultUrl).toBeNull();
    expect(
      await sql(`SELECT count(output)::int AS outputs FROM render_job_item WHERE job_id = $1`, [kept.id]),
    ).toEqual([{ outputs: 0 }]);
  });

  it('tells the items waiting on the shared queue on /metrics, for an autoscaler', async () => {
    const metrics = await service.anonymous.get('/metrics');
    expect(metrics.text).toMatch(/^render_job_items_waiting\{[^}]*\} \d+$/m);
  });

  it('needs RenderApi_Render', async () => {
    expect((await service.anonymous.post(JOBS, { ...LETTER, items: items(1) })).status).toBe(401);
    const editor = service.anonymous.withToken(await testToken(['RenderApi_Templates']));
    expect((await editor.post(JOBS, { ...LETTER, items: items(1) })).status).toBe(403);
  });
});
