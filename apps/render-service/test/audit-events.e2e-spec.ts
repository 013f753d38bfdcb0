import { Client } from 'pg';

import {
  auditEventsOf,
  itListsAuditEvents,
  storedAuditRows,
  testCorrelationId,
  testToken,
} from '@portal/testing';

import {
  json,
  render,
  type RenderService,
  startRenderService,
  TEMPLATES,
  TENANT_PATH,
} from './render-test-app';

const AUDIT = `${TENANT_PATH}/audit-events`;
const SUBJECT = 'render-editor-19c2';
/** Text a CHECK constraint added by this suite refuses in a version, after its template row is written. */
const REFUSED_BY_TEST_CONSTRAINT = 'refused-by-test-constraint';

describe('render-service audit records (HTTP, real PostgreSQL)', () => {
  let service: RenderService;
  let editor: RenderService['editor'];

  beforeAll(async () => {
    service = await startRenderService('render_audit_events');
    editor = service.anonymous.withToken(await testToken(['RenderApi_Templates'], { subject: SUBJECT }));
  });

  afterAll(async () => {
    await service?.close();
  });

  let sequence = 0;
  const uniqueName = (): string => `audited-${++sequence}`;
  const withCorrelation = (correlationId: string) => ({ headers: { 'X-Correlation-Id': correlationId } });

  it('records the first save as created, a later save as updated and the delete, by template name', async () => {
    const name = uniqueName();
    const first = testCorrelationId('save');
    const created = await editor.put(
      `${TEMPLATES}/${name}`,
      { data: 'Dear {{name}}', inputFormat: 'txt', createdBy: 'requester-7' },
      withCorrelation(first),
    );
    expect(created.status).toBe(201);
    expect(await auditEventsOf(service.editor, AUDIT, first)).toEqual([
      {
        id: expect.any(Number),
        occurredAt: expect.any(String),
        subject: SUBJECT,
        createdBy: 'requester-7',
        updatedBy: null,
        method: 'PUT',
        route: '/demo/v10-0/templates/:templateName',
        resource: 'templates',
        resourceId: name,
        result: 'created',
        status: 201,
        correlationId: first,
      },
    ]);

    const second = testCorrelationId('save-again');
    expect(
      (await editor.put(`${TEMPLATES}/${name}`, { data: 'Hi', inputFormat: 'txt' }, withCorrelation(second)))
        .status,
    ).toBe(200);
    expect(await auditEventsOf(service.editor, AUDIT, second)).toMatchObject([
      { resourceId: name, result: 'updated', status: 200, createdBy: null },
    ]);

    const deleted = testCorrelationId('delete');
    expect((await editor.delete(`${TEMPLATES}/${name}`, withCorrelation(deleted))).status).toBe(204);
    expect(await auditEventsOf(service.editor, AUDIT, deleted)).toMatchObject([
      { method: 'DELETE', resourceId: name, result: 'deleted', status: 204 },
    ]);
    // The template's text is not part of any record.
    expect(JSON.stringify(await storedAuditRows(service.database.url))).not.toContain('Dear');
  });

  it('does not record renders', async () => {
    const before = await storedAuditRows(service.database.url);
    const rendered = await render(service.renderer, {
      inputFormat: 'txt',
      outputFormat: 'txt',
      templateData: 'Hello {{name}}',
      data: json({ name: 'Ada' }),
    });
    expect(rendered.status).toBe(200);
    expect(await storedAuditRows(service.database.url)).toEqual(before);
  });

  it('leaves neither data nor a record when the save fails after its template row is written', async () => {
    const client = new Client({ connectionString: service.database.url });
    await client.connect();
    try {
      await client.query(
        `ALTER TABLE render_template_version ADD CONSTRAINT test_refused_text CHECK (data NOT LIKE '%${REFUSED_BY_TEST_CONSTRAINT}%')`,
      );
      const before = await storedAuditRows(service.database.url);
      const name = uniqueName();
      const correlationId = testCorrelationId('failed');
      const refused = await editor.put(
        `${TEMPLATES}/${name}`,
        { data: REFUSED_BY_TEST_CONSTRAINT, inputFormat: 'txt' },
        withCorrelation(correlationId),
      );
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect((await service.editor.get(`${TEMPLATES}/${name}`)).status).toBe(404);
      expect((await client.query('SELECT 1 FROM render_template WHERE name = $1', [name])).rowCount).toBe(0);
      expect(await storedAuditRows(service.database.url)).toEqual(before);
    } finally {
      await client.query('ALTER TABLE render_template_version DROP CONSTRAINT IF EXISTS test_refused_text');
      await client.end();
    }
  });

  describe('the list', () => {
    itListsAuditEvents(
      () => ({
        anonymous: service.anonymous,
        writer: service.editor,
        nonWriter: service.renderer,
        databaseUrl: service.database.url,
      }),
      {
        auditPaths: [AUDIT],
        write: async (correlationId) => {
          const response = await editor.put(
            `${TEMPLATES}/${uniqueName()}`,
            { data: 'Hello', inputFormat: 'txt' },
            withCorrelation(correlationId),
          );
          expect(response.status).toBe(201);
        },
      },
    );
  });
});
