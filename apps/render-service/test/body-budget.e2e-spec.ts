import { testToken } from '@portal/testing';

import { RenderPool } from '../src/pool/render-pool';
import {
  json,
  render,
  RENDER,
  type RenderBody,
  type RenderService,
  startRenderService,
} from './render-test-app';

/** A txt render whose body is about `kib` KiB, most of it data the template never reads. */
const renderOfSize = (kib: number): RenderBody => ({
  inputFormat: 'txt',
  outputFormat: 'txt',
  templateData: 'Guten Tag {{name}}',
  data: json({ name: 'Muster', filler: 'x'.repeat(kib * 1024) }),
});

describe('render-service request bodies in flight (HTTP, real PostgreSQL)', () => {
  let service: RenderService;

  beforeAll(async () => {
    service = await startRenderService('render_body_budget', {
      MAX_BODY_BYTES_IN_FLIGHT: String(500 * 1024),
    });
  });

  afterAll(async () => {
    await service?.close();
  });

  it('refuses a body past the budget with a 503 problem and Retry-After while others are held, and takes it after', async () => {
    const pool = service.app.get(RenderPool);
    const latch = pool.hold();
    // 60 KiB held in a worker counts six times (receiving it, then its text and its value's strings:
    // parsedBodyBytes): another 60 KiB does not fit the 500 KiB budget.
    const held = render(service.renderer, renderOfSize(60));
    await latch.arrived(1);

    const refused = await render(service.renderer, renderOfSize(60));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.body).toMatchObject({
      status: 503,
      detail: 'This instance is busy with other large requests; retry.',
    });
    // A chunked body, whose size is not said, reserves its route's limit (10 MiB): refused too.
    const chunked = await fetch(`${service.baseUrl}${RENDER}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await testToken(['RenderApi_Render'])}`,
        'content-type': 'application/json',
      },
      body: new Blob([JSON.stringify(renderOfSize(1))]).stream(),
      duplex: 'half',
    });
    expect([chunked.status, chunked.headers.get('retry-after')]).toEqual([503, '1']);
    // Requests without a body, and small bodies that fit, pass meanwhile (this one, to its own
    // 422: a render would wait for the held workers).
    expect((await service.renderer.get('/health/live')).status).toBe(200);
    const small = await render(service.renderer, { ...renderOfSize(8), outputFormat: 'docx' });
    expect(small.status).toBe(422);

    latch.release();
    expect((await held).status).toBe(200);
    // The held body's bytes are free again.
    expect((await render(service.renderer, renderOfSize(60))).status).toBe(200);
  });

  it('takes one body larger than the whole budget when nothing else is in flight', async () => {
    const large = await render(service.renderer, renderOfSize(200));
    expect([large.status, large.text]).toEqual([200, 'Guten Tag Muster']);
  });
});
