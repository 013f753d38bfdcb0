import { readFileSync } from 'node:fs';
import path from 'node:path';

import { ContractValidator, type ReceivedResponse } from '@portal/testing';

import { startConfigService, uiTemplateBody } from './config-test-app';

/**
 * The check every e2e response goes through (libs/testing contract-validation), shown able to
 * fail: a real response against the committed document, then against copies broken on purpose.
 */
describe('config-service responses against its OpenAPI document', () => {
  let service: Awaited<ReturnType<typeof startConfigService>>;
  let received: ReceivedResponse;
  const committed = (): Record<string, any> =>
    JSON.parse(readFileSync(path.join(__dirname, '..', 'openapi.json'), 'utf8')) as Record<string, any>;

  beforeAll(async () => {
    service = await startConfigService('contract');
    const body = uiTemplateBody();
    expect((await service.writer.post('/demo/v10-0/ui-templates', body)).status).toBe(201);
    const url = `/demo/v10-0/ui-templates/${String(body['name'])}`;
    const response = await service.reader.get(url);
    received = {
      method: 'GET',
      url,
      status: response.status,
      contentType: response.headers.get('content-type'),
      text: response.text,
    };
    expect(received.status).toBe(200);
  });

  afterAll(() => service.close());

  it('validates the real response against the committed document', () => {
    expect(new ContractValidator(committed() as never).check(received)).toEqual({ kind: 'validated' });
  });

  it("fails it against a copy whose property's type is changed, naming operation, status and path", () => {
    const broken = committed();
    broken['components'].schemas.UiTemplateResponse.properties.name = { type: 'integer' };
    const outcome = new ContractValidator(broken as never).check(received);
    expect(outcome.kind).toBe('mismatch');
    const message = outcome.kind === 'mismatch' ? outcome.message : '';
    expect(message).toContain('GET /v10-0/ui-templates/{uiTemplateName} answered 200');
    expect(message).toContain('at /name must be integer');
  });

  it('fails a status the operation does not document and a content type it does not give', () => {
    const withoutOk = committed();
    delete withoutOk['paths']['/v10-0/ui-templates/{uiTemplateName}'].get.responses['200'];
    expect(new ContractValidator(withoutOk as never).check(received)).toMatchObject({
      kind: 'mismatch',
      message: expect.stringContaining('the status is not documented') as string,
    });
    expect(
      new ContractValidator(committed() as never).check({ ...received, contentType: 'text/html' }),
    ).toMatchObject({
      kind: 'mismatch',
      message: expect.stringContaining('text/html is not documented') as string,
    });
  });

  it('skips what the document does not describe, and checks HEAD by its GET', () => {
    const validator = new ContractValidator(committed() as never);
    expect(validator.check({ ...received, url: '/health/live' })).toEqual({ kind: 'skipped' });
    expect(validator.check({ ...received, url: '/demo/v10-0/unknown' })).toEqual({ kind: 'skipped' });
    expect(validator.check({ ...received, method: 'HEAD', text: '' })).toEqual({ kind: 'validated' });
    expect(validator.check({ ...received, method: 'HEAD', status: 418, text: '' }).kind).toBe('mismatch');
  });
});
