// render-service through the client a frontend generates from its OpenAPI document
// (`@portal/api-clients` with openapi-fetch): a schema change that breaks such a client breaks the
// compile or these tests.
import createClient, { type Client } from 'openapi-fetch';

import type { render } from '@portal/api-clients';
import { expectData, testToken } from '@portal/testing';

import { startRenderService } from './render-test-app';

type RenderRequest = render.components['schemas']['RenderRequestDto'];

describe('render-service through a typed client (openapi-fetch, HTTP, real PostgreSQL)', () => {
  let service: Awaited<ReturnType<typeof startRenderService>>;
  let api: Client<render.paths>;

  beforeAll(async () => {
    service = await startRenderService('render_typed_client');
    api = createClient<render.paths>({
      baseUrl: `${service.baseUrl}/demo`,
      headers: { Authorization: `Bearer ${await testToken(['RenderApi_Templates', 'RenderApi_Render'])}` },
    });
  });

  afterAll(async () => {
    await service?.close();
  });

  it('saves two versions of a template, reads it and pages through its versions', async () => {
    const path = { templateName: 'typed-letter' };
    const first = expectData(
      await api.PUT('/v10-0/templates/{templateName}', {
        params: { path },
        body: { data: 'Dear {{name}}', inputFormat: 'txt', createdBy: 'alice', sampleData: { name: 'Ada' } },
      }),
      201,
    );
    expect(first).toMatchObject({ name: 'typed-letter', version: 1, latestVersion: 1, createdBy: 'alice' });
    expect(first.sampleData).toEqual({ name: 'Ada' });

    const second = expectData(
      await api.PUT('/v10-0/templates/{templateName}', {
        params: { path },
        body: { data: 'Dear {{name}}, welcome.', inputFormat: 'txt' },
      }),
      200,
    );
    expect(second).toMatchObject({ id: first.id, version: 2, latestVersion: 2 });

    const read = expectData(await api.GET('/v10-0/templates/{templateName}', { params: { path } }), 200);
    expect(read).toMatchObject({ version: 2, data: 'Dear {{name}}, welcome.', inputFormat: 'txt' });

    const newest = await api.GET('/v10-0/templates/{templateName}/versions', {
      params: { path, query: { PageSize: 1, OrderBy: 'version desc' } },
    });
    expect(expectData(newest, 200).map((version) => [version.version, version.createdBy])).toEqual([
      [2, 'test'], // no createdBy: the token's subject
    ]);
    expect(newest.response.headers.get('X-Pagination-Total-Count')).toBe('2');
  });

  it('renders a saved template to text and to PDF', async () => {
    const saved = await api.PUT('/v10-0/templates/{templateName}', {
      params: { path: { templateName: 'typed-welcome' } },
      body: { data: 'Dear {{name}}, welcome.', inputFormat: 'txt' },
    });
    expect(saved.response.status).toBe(201);
    const request: RenderRequest = {
      templateName: 'typed-welcome',
      inputFormat: 'txt',
      outputFormat: 'txt',
      data: { name: 'Grace' },
    };
    const text = await api.POST('/v10-0/render', { body: request, parseAs: 'text' });
    expect(expectData(text, 200)).toBe('Dear Grace, welcome.');

    const pdf = await api.POST('/v10-0/render', {
      body: { ...request, outputFormat: 'pdf' },
      params: { header: { 'Accept-Language': 'de-CH' } },
      parseAs: 'arrayBuffer',
    });
    expect(pdf.response.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(expectData(pdf, 200)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('answers a template that does not exist with a typed 404 problem', async () => {
    const missing = await api.GET('/v10-0/templates/{templateName}', {
      params: { path: { templateName: 'nobody' } },
    });
    expect(missing.data).toBeUndefined();
    expect(missing.error).toMatchObject({ status: 404, title: 'Not Found' });
  });
});
