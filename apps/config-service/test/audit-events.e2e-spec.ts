import {
  auditEventsOf,
  expectNoPersonalData,
  itListsAuditEvents,
  storedAuditRows,
  testCorrelationId,
  testToken,
} from '@portal/testing';

import { startConfigService, uiTemplateBody } from './config-test-app';

type Service = Awaited<ReturnType<typeof startConfigService>>;

const TEMPLATES = '/demo/v10-0/ui-templates';
const AUDIT = '/demo/v10-0/audit-events';
const SUBJECT = 'config-editor-7f3a';

describe('config-service audit records (HTTP, real PostgreSQL)', () => {
  let service: Service;
  let editor: Service['writer'];

  beforeAll(async () => {
    service = await startConfigService('config_audit_events');
    editor = service.anonymous.withToken(await testToken(['ConfigApi_Write'], { subject: SUBJECT }));
  });

  afterAll(async () => {
    await service?.close();
  });

  const withCorrelation = (correlationId: string) => ({ headers: { 'X-Correlation-Id': correlationId } });

  it('records a create with subject, createdBy, route, resource, the new id and the correlation id', async () => {
    const correlationId = testCorrelationId('create');
    const body = uiTemplateBody({ createdBy: 'requester-41' });
    const created = await editor.post<{ id: number }>(TEMPLATES, body, withCorrelation(correlationId));
    expect(created.status).toBe(201);

    const events = await auditEventsOf(service.writer, AUDIT, correlationId);
    expect(events).toEqual([
      {
        id: expect.any(Number),
        occurredAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        subject: SUBJECT,
        createdBy: 'requester-41',
        updatedBy: null,
        method: 'POST',
        route: '/demo/v10-0/ui-templates',
        resource: 'ui-templates',
        resourceId: String(created.body.id),
        result: 'created',
        status: 201,
        correlationId,
      },
    ]);
    // Names, descriptions and sender identifiers of the body are nowhere in the table.
    await expectNoPersonalData(service.database.url, [
      String(body['displayName']),
      String(body['description']),
      ...(body['senderIdentifiers'] as string[]),
    ]);
  });

  it('records an update and a delete, by the path id, under each version', async () => {
    const body = uiTemplateBody();
    const name = String(body['name']);
    expect((await editor.post(TEMPLATES, body)).status).toBe(201);

    const updated = testCorrelationId('update');
    const update = await editor.put(
      `/demo/v9-1/ui-templates/${name}`,
      { ...body, updatedBy: 'requester-42' },
      withCorrelation(updated),
    );
    expect(update.status).toBe(200);
    expect(await auditEventsOf(service.writer, AUDIT, updated)).toMatchObject([
      {
        method: 'PUT',
        route: '/demo/v9-1/ui-templates/:uiTemplateName',
        resource: 'ui-templates',
        resourceId: name,
        updatedBy: 'requester-42',
        createdBy: null,
        result: 'updated',
        status: 200,
      },
    ]);

    const deleted = testCorrelationId('delete');
    expect((await editor.delete(`${TEMPLATES}/${name}`, withCorrelation(deleted))).status).toBe(204);
    expect(await auditEventsOf(service.writer, AUDIT, deleted)).toMatchObject([
      { method: 'DELETE', resourceId: name, result: 'deleted', status: 204, subject: SUBJECT },
    ]);
  });

  it('leaves neither data nor a record when the write fails in the middle of its transaction', async () => {
    const holder = uiTemplateBody();
    expect((await editor.post(TEMPLATES, holder)).status).toBe(201);
    const rowsBefore = await storedAuditRows(service.database.url);

    // The template row is inserted, then its sender identifier collides (a unique violation).
    const failing = uiTemplateBody({ senderIdentifiers: [(holder['senderIdentifiers'] as string[])[0]] });
    const correlationId = testCorrelationId('failed');
    const refused = await editor.post(TEMPLATES, failing, withCorrelation(correlationId));
    expect(refused.status).toBe(400);

    expect((await service.reader.get(`${TEMPLATES}/${String(failing['name'])}`)).status).toBe(404);
    expect(await storedAuditRows(service.database.url)).toEqual(rowsBefore);
    expect(await auditEventsOf(service.writer, AUDIT, correlationId)).toEqual([]);
  });

  it('records nothing for reads, refused tokens and refused roles', async () => {
    const rowsBefore = await storedAuditRows(service.database.url);
    await service.reader.get(TEMPLATES);
    expect((await service.reader.post(TEMPLATES, uiTemplateBody())).status).toBe(403);
    expect((await service.anonymous.post(TEMPLATES, uiTemplateBody())).status).toBe(401);
    expect((await editor.post(TEMPLATES, uiTemplateBody({ displayName: '' }))).status).toBe(400);
    expect(await storedAuditRows(service.database.url)).toEqual(rowsBefore);
  });

  describe('the list', () => {
    itListsAuditEvents(
      () => ({
        anonymous: service.anonymous,
        writer: service.writer,
        nonWriter: service.reader,
        databaseUrl: service.database.url,
      }),
      {
        auditPaths: [AUDIT, '/demo/v9-1/audit-events'],
        write: async (correlationId) => {
          const response = await editor.post(TEMPLATES, uiTemplateBody(), withCorrelation(correlationId));
          expect(response.status).toBe(201);
        },
      },
    );
  });
});
