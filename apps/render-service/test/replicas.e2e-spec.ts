import { DataSource } from 'typeorm';

import {
  json,
  render,
  type RenderService,
  startRenderService,
  startReplica,
  TEMPLATES,
} from './render-test-app';

const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

type Replica = Awaited<ReturnType<typeof startReplica>>;

/** Two instances on one database: a save or delete on one is used by the next render on the other. */
function itSharesTemplatesBetween(label: string, env: Record<string, string>) {
  let first: RenderService;
  let second: Replica;

  beforeAll(async () => {
    first = await startRenderService(label, env);
    second = await startReplica(first, env);
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const renderOn = async (replica: { renderer: RenderService['renderer'] }, templateName: string) => {
    const response = await render(replica.renderer, {
      inputFormat: 'txt',
      outputFormat: 'txt',
      templateName,
      data: json({ who: 'Zoë' }),
    });
    return {
      status: response.status,
      text: response.text,
      template: response.headers.get('x-render-template'),
    };
  };

  it('renders the version saved on the other replica at once, and forgets a deleted template', async () => {
    const name = `shared-${label}`;
    expect((await first.editor.put(`${TEMPLATES}/${name}`, { data: 'one for {{who}}' })).status).toBe(201);
    expect(await renderOn(second, name)).toEqual({ status: 200, text: 'one for Zoë', template: `${name}@1` });

    // The second replica serves the template from its cache, without reading the database...
    await first.app
      .get(DataSource)
      .query(`UPDATE render_template_version SET data = 'changed behind its back' WHERE version = 1`);
    expect(await renderOn(second, name)).toEqual({ status: 200, text: 'one for Zoë', template: `${name}@1` });

    // ...until a save on the first replica tells it otherwise.
    expect((await first.editor.put(`${TEMPLATES}/${name}`, { data: 'two for {{who}}' })).status).toBe(200);
    expect(await renderOn(second, name)).toEqual({ status: 200, text: 'two for Zoë', template: `${name}@2` });

    expect((await first.editor.delete(`${TEMPLATES}/${name}`)).status).toBe(204);
    expect((await renderOn(second, name)).status).toBe(404);

    expect((await second.editor.put(`${TEMPLATES}/${name}`, { data: 'three for {{who}}' })).status).toBe(201);
    expect(await renderOn(first, name)).toEqual({
      status: 200,
      text: 'three for Zoë',
      template: `${name}@1`,
    });
  });
}

describe('render-service replicas (HTTP, real PostgreSQL)', () => {
  describe('with REDIS_URL: Redis pub/sub between replicas', () => {
    itSharesTemplatesBetween('render_replicas_redis', { REDIS_URL });
  });

  describe('without REDIS_URL: the in-process equivalent', () => {
    itSharesTemplatesBetween('render_replicas_local', {});
  });
});
