// config-service through the client a frontend generates from its OpenAPI document
// (`@portal/api-clients` with openapi-fetch): a schema change that breaks such a client breaks the
// compile or these tests.
import createClient, { type Client } from 'openapi-fetch';

import type { config } from '@portal/api-clients';
import { expectData, testToken } from '@portal/testing';

import { startConfigService } from './config-test-app';

type CreateUiTemplate = config.components['schemas']['CreateUiTemplateDto'];
type UpdateUiTemplate = config.components['schemas']['UpdateUiTemplateDto'];

const createBody = (name: string, senderIdentifier: string): CreateUiTemplate => ({
  name,
  displayName: 'template.zurich',
  description: 'Canton branding',
  svgCssFilter: null,
  colorPalette: {
    primaryColor: '#D52B1E',
    primaryColorText: '#FFFFFF',
    primaryColorPill: '#F5C6C2',
    secondaryColor: '#1F2937',
    secondaryColorLightOne: '#4B5563',
    secondaryColorLightTwo: '#9CA3AF',
    tertiaryColor: '#0055A4',
  },
  headerLogo: { source: 'https://cdn.example.ch/logo.svg', heightDesktop: 48, heightMobile: 32 },
  footerLogo: { source: '/assets/footer-logo.svg', heightDesktop: 40, heightMobile: 28 },
  links: [
    {
      name: 'privacy',
      displayName: 'footer.privacy',
      description: null,
      redirectUrl: 'https://www.example.ch/privacy',
      isNewTab: true,
    },
  ],
  socialNetworks: null,
  senderIdentifiers: [senderIdentifier],
  createdBy: 'alice',
});

describe('config-service through a typed client (openapi-fetch, HTTP, real PostgreSQL)', () => {
  let service: Awaited<ReturnType<typeof startConfigService>>;
  let api: Client<config.paths>;
  let reader: Client<config.paths>;

  beforeAll(async () => {
    service = await startConfigService('config_typed_client');
    const tokenOf = async (role: string) => `Bearer ${await testToken([role])}`;
    api = createClient<config.paths>({
      baseUrl: `${service.baseUrl}/demo`,
      headers: { Authorization: await tokenOf('ConfigApi_Write') },
    });
    reader = createClient<config.paths>({
      baseUrl: `${service.baseUrl}/demo`,
      headers: { Authorization: await tokenOf('ConfigApi_Read') },
    });
  });

  afterAll(async () => {
    await service?.close();
  });

  it('creates, reads, finds, updates and deletes a UI template whose name needs encoding', async () => {
    const name = 'Kanton Zürich/Ost';
    const created = expectData(
      await api.POST('/v10-0/ui-templates', { body: createBody(name, 'sender-zh') }),
      201,
    );
    expect(created).toMatchObject({
      name,
      createdBy: 'alice',
      updatedBy: 'alice',
      senderIdentifiers: ['sender-zh'],
    });
    expect(created.colorPalette.primaryColor).toBe('#D52B1E');
    expect(Number.isInteger(created.id)).toBe(true);

    const path = { uiTemplateName: name };
    const read = expectData(
      await reader.GET('/v10-0/ui-templates/{uiTemplateName}', { params: { path } }),
      200,
    );
    expect(read).toEqual(created);

    const found = await reader.GET('/v10-0/ui-templates', {
      params: { query: { SenderIdentifier: 'sender-zh', PageSize: 10 } },
    });
    expect(expectData(found, 200).map((template) => template.name)).toEqual([name]);
    expect(found.response.headers.get('X-Pagination-Total-Count')).toBe('1');

    const { name: _name, createdBy: _createdBy, ...fields } = createBody(name, 'sender-zh-2');
    const update: UpdateUiTemplate = { ...fields, displayName: 'template.zurich-east', updatedBy: 'bob' };
    const updated = expectData(
      await api.PUT('/v10-0/ui-templates/{uiTemplateName}', { params: { path }, body: update }),
      200,
    );
    expect(updated).toMatchObject({ id: created.id, displayName: 'template.zurich-east', updatedBy: 'bob' });
    expect(updated.senderIdentifiers).toEqual(['sender-zh-2']);

    const deleted = await api.DELETE('/v10-0/ui-templates/{uiTemplateName}', { params: { path } });
    expect(deleted.response.status).toBe(204);

    const gone = await reader.GET('/v10-0/ui-templates/{uiTemplateName}', { params: { path } });
    expect(gone.data).toBeUndefined();
    expect(gone.error).toMatchObject({ status: 404, title: 'Not Found' });
  });

  it('answers a reader who writes with a typed 403 problem', async () => {
    const refused = await reader.POST('/v10-0/ui-templates', {
      body: createBody('refused', 'sender-refused'),
    });
    expect(refused.response.status).toBe(403);
    expect(refused.error?.status).toBe(403);
  });
});
