import pino from 'pino';
import { DataSource } from 'typeorm';

import { type DemoDataMode, seedDemoData } from '@portal/database';
import { startTestApp, TestClient, testToken } from '@portal/testing';

import { createConfigApp } from '../src/config-app';
import { CONFIG_ENV_DEFAULTS, ConfigEnvironment } from '../src/config-environment';
import { DEMO_UI_TEMPLATE_DATA } from '../src/ui-templates/demo/demo-ui-templates.seeder';
import { EXAMPLE_KEPT_UI_TEMPLATES } from '../src/ui-templates/ui-template.examples';
import { uiTemplateBody } from './config-test-app';

type Template = Record<string, any>;
type LogLine = Record<string, unknown>;

const V10 = '/demo/v10-0/ui-templates';
const DEMO_SENDERS = ['portal.demo.ch', 'steuerverwaltung.demo.ch', 'strassenverkehrsamt.demo.ch'];

/** config-service as `npm start` builds it, on an empty database of its own, its log captured. */
async function startWithDemoData(label: string, SEED_DEMO_DATA: DemoDataMode) {
  const log: LogLine[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void log.push(JSON.parse(line)) });
  const running = await startTestApp({
    label,
    environment: ConfigEnvironment,
    defaults: CONFIG_ENV_DEFAULTS,
    env: { SEED_DEMO_DATA },
    logger,
    createApp: createConfigApp,
  });
  const client = new TestClient(running.baseUrl).withToken(await testToken(['ConfigApi_Write']));
  return {
    ...running,
    client,
    demoLines: () => log.filter((line) => String(line['msg']).startsWith('demo UI templates:')),
    seed: (mode: DemoDataMode) => seedDemoData(running.app.get(DataSource), DEMO_UI_TEMPLATE_DATA, mode),
    all: async () => (await client.get<Template[]>(`${V10}?PageSize=-1`)).body,
  };
}

describe('config-service demo UI template (SEED_DEMO_DATA)', () => {
  describe('auto, on an empty database', () => {
    let service: Awaited<ReturnType<typeof startWithDemoData>>;

    beforeAll(async () => {
      service = await startWithDemoData('config_demo_auto', 'auto');
    });

    afterAll(async () => {
      await service?.close();
    });

    it('inserts the demo template, and those the OpenAPI examples update and delete, at start-up and logs one line saying what it inserted', async () => {
      expect(service.demoLines()).toEqual([
        expect.objectContaining({
          level: 30,
          msg: 'demo UI templates: inserted 12 rows (ui_template 5, ui_template_sender_identifier 7)',
          SEED_DEMO_DATA: 'auto',
          inserted: { ui_template: 5, ui_template_sender_identifier: 7 },
        }),
      ]);
      const [demo, ...others] = await service.all();
      expect(others.map((template) => template.name)).toEqual(
        EXAMPLE_KEPT_UI_TEMPLATES.map((template) => template.name),
      );
      expect(demo).toMatchObject({
        name: 'canton-demo',
        createdBy: 'demo-data',
        updatedBy: 'demo-data',
        senderIdentifiers: DEMO_SENDERS,
        headerLogo: { source: expect.stringMatching(/^data:image\/svg\+xml;base64,/) },
        footerLogo: { source: 'assets/logos/canton-demo-footer.svg' },
      });
      expect(demo.links.length).toBeGreaterThan(0);
      expect(demo.socialNetworks.length).toBeGreaterThan(0);
    });

    it('serves it like any template: by name and by each sender identifier', async () => {
      expect((await service.client.get<Template>(`${V10}/canton-demo`)).body.name).toBe('canton-demo');
      for (const sender of DEMO_SENDERS) {
        const found = await service.client.get<Template[]>(`${V10}?SenderIdentifier=${sender}`);
        expect(found.body.map((template) => template.name)).toEqual(['canton-demo']);
      }
      const taken = await service.client.post<Template>(
        V10,
        uiTemplateBody({ senderIdentifiers: [DEMO_SENDERS[1]] }),
      );
      expect(taken.status).toBe(400);
      expect(Object.keys(taken.body.errors)).toEqual(['senderIdentifiers[0]']);
    });

    it('inserts nothing when run again: auto finds data, always finds everything there', async () => {
      const before = await service.all();
      await expect(service.seed('auto')).resolves.toEqual({ outcome: 'not-empty', inserted: {} });
      await expect(service.seed('always')).resolves.toEqual({ outcome: 'seeded', inserted: {} });
      expect(await service.all()).toEqual(before);
    });
  });

  describe('never, then auto and always on data of the users', () => {
    let service: Awaited<ReturnType<typeof startWithDemoData>>;

    beforeAll(async () => {
      service = await startWithDemoData('config_demo_never', 'never');
    });

    afterAll(async () => {
      await service?.close();
    });

    it('never inserts nothing into an empty database, and says so', async () => {
      expect(service.demoLines()).toEqual([
        expect.objectContaining({
          msg: 'demo UI templates: nothing inserted (SEED_DEMO_DATA=never)',
          SEED_DEMO_DATA: 'never',
          inserted: {},
        }),
      ]);
      expect(await service.all()).toEqual([]);
      await expect(service.seed('never')).resolves.toEqual({ outcome: 'off', inserted: {} });
      expect(await service.all()).toEqual([]);
    });

    it('auto leaves a database that holds a template alone', async () => {
      const own = await service.client.post<Template>(
        V10,
        uiTemplateBody({ name: 'Kanton Eigen', senderIdentifiers: ['portal.demo.ch'] }),
      );
      expect(own.status).toBe(201);
      await expect(service.seed('auto')).resolves.toEqual({ outcome: 'not-empty', inserted: {} });
      expect((await service.all()).map((template) => template.name)).toEqual(['Kanton Eigen']);
    });

    it('always adds the demo template, without the sender identifiers other templates hold', async () => {
      await expect(service.seed('always')).resolves.toEqual({
        outcome: 'seeded',
        inserted: { ui_template: 5, ui_template_sender_identifier: 6 },
      });
      const demo = (await service.client.get<Template>(`${V10}/canton-demo`)).body;
      expect(demo.senderIdentifiers).toEqual(DEMO_SENDERS.slice(1));
      const owner = await service.client.get<Template[]>(`${V10}?SenderIdentifier=portal.demo.ch`);
      expect(owner.body.map((template) => template.name)).toEqual(['Kanton Eigen']);
      for (const sender of DEMO_SENDERS.slice(1)) {
        const found = await service.client.get<Template[]>(`${V10}?SenderIdentifier=${sender}`);
        expect(found.body.map((template) => template.name)).toEqual(['canton-demo']);
      }
    });

    it('always is idempotent and never changes a demo template that was edited', async () => {
      const edited = await service.client.put<Template>(`${V10}/canton-demo`, {
        ...uiTemplateBody({ senderIdentifiers: ['kanzlei.demo.ch'] }),
        displayName: 'uiTemplate.cantonDemo.edited',
        updatedBy: 'canton',
      });
      expect(edited.status).toBe(200);
      const before = await service.all();
      await expect(service.seed('always')).resolves.toEqual({ outcome: 'seeded', inserted: {} });
      await expect(service.seed('always')).resolves.toEqual({ outcome: 'seeded', inserted: {} });
      expect(await service.all()).toEqual(before);
    });

    it('always puts back a demo template that was deleted', async () => {
      expect((await service.client.delete(`${V10}/canton-demo`)).status).toBe(204);
      await expect(service.seed('always')).resolves.toEqual({
        outcome: 'seeded',
        inserted: { ui_template: 1, ui_template_sender_identifier: 2 },
      });
      expect((await service.client.get<Template>(`${V10}/canton-demo`)).body).toMatchObject({
        displayName: 'uiTemplate.cantonDemo',
        createdBy: 'demo-data',
      });
    });
  });
});
