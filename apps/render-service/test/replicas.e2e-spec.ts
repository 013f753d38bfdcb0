/**
 * Runs replicas as processes that share Redis, whose every command must answer within the
 * services' 250 ms deadline: beside the side-by-side lane's full load Redis once missed it and
 * the replicas fell back to counting alone. It runs beside the other suites that mostly wait
 * (rounds, windows, preStop hooks), which leave the cores about half idle (tools/jest/lanes.js).
 *
 * @lane waiting
 */
import path from 'node:path';

import { Client } from 'pg';
import { DataSource } from 'typeorm';

import {
  createTestDatabase,
  type ServiceProcess,
  startServiceProcess,
  TEST_REDIS_URL as REDIS_URL,
  TestClient,
  type TestDatabase,
  testToken,
} from '@portal/testing';

import {
  json,
  render,
  type RenderService,
  startRenderService,
  startReplica,
  TEMPLATES,
} from './render-test-app';

const MAIN = path.join(__dirname, '..', 'src', 'main.ts');

/** What the scenario needs of a replica. */
interface Replica {
  readonly renderer: TestClient;
  readonly editor: TestClient;
}

interface Replicas {
  readonly first: Replica;
  readonly second: Replica;
  /** Runs SQL on their database, behind their backs. */
  readonly query: (sql: string) => Promise<unknown>;
}

/** A save or delete on one replica is used by the next render on the other. */
function itSharesTemplatesBetween(label: string, replicas: () => Replicas) {
  const renderOn = async (replica: Replica, templateName: string) => {
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
    const { first, second, query } = replicas();
    const name = `shared-${label}`;
    expect((await first.editor.put(`${TEMPLATES}/${name}`, { data: 'one for {{who}}' })).status).toBe(201);
    expect(await renderOn(second, name)).toEqual({ status: 200, text: 'one for Zoë', template: `${name}@1` });

    // The second replica serves the template from its cache, without reading the database...
    await query(`UPDATE render_template_version SET data = 'changed behind its back' WHERE version = 1`);
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
  describe('with REDIS_URL: two processes on one database and one Redis, as replicas run', () => {
    let database: TestDatabase;
    const processes: ServiceProcess[] = [];
    let replicas: Replicas;

    beforeAll(async () => {
      database = await createTestDatabase('render_replicas_redis');
      const env = { DATABASE_URL: database.url, REDIS_URL, RENDER_WORKERS: '1', RENDER_TIMEOUT_MS: '60000' };
      // One after the other: the first applies the migrations.
      processes.push(await startServiceProcess({ main: MAIN, env }));
      processes.push(await startServiceProcess({ main: MAIN, env }));
      const renderer = await testToken(['RenderApi_Render']);
      const editor = await testToken(['RenderApi_Templates']);
      const [first, second] = processes.map((running) => {
        const client = new TestClient(running.baseUrl);
        return { renderer: client.withToken(renderer), editor: client.withToken(editor) };
      });
      replicas = {
        first,
        second,
        query: async (sql) => {
          const client = new Client({ connectionString: database.url });
          await client.connect();
          try {
            await client.query(sql);
          } finally {
            await client.end();
          }
        },
      };
    });

    afterAll(async () => {
      await Promise.all(processes.splice(0).map((running) => running.close()));
      await database?.drop();
    });

    itSharesTemplatesBetween('render_replicas_redis', () => replicas);
  });

  // Without REDIS_URL the channel is in-process: it reaches the instances of one process only.
  // Replicas in processes of their own need REDIS_URL (else each serves its cached copy for up to 60 s).
  describe('without REDIS_URL: two instances in one process share the in-process channel', () => {
    let first: RenderService;
    let second: Awaited<ReturnType<typeof startReplica>>;

    beforeAll(async () => {
      first = await startRenderService('render_replicas_local');
      second = await startReplica(first);
    });

    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    itSharesTemplatesBetween('render_replicas_local', () => ({
      first,
      second,
      query: (sql) => first.app.get(DataSource).query(sql),
    }));
  });
});
