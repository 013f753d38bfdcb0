import { PROJECTED_EXTENSION, relaxProjectedResponses } from './projected-document';

const documentOf = () => ({
  paths: {
    '/v10-0/profiles': {
      get: {
        [PROJECTED_EXTENSION]: 'profile',
        responses: {
          '200': {
            content: {
              'application/json': {
                schema: { type: 'array', items: { $ref: '#/components/schemas/Profile' } },
              },
            },
          },
          '400': {
            content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
          },
        },
      },
    },
    '/v10-0/clients': {
      get: {
        responses: {
          '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Client' } } } },
        },
      },
    },
  },
  components: {
    schemas: {
      Profile: {
        type: 'object',
        required: ['id', 'email', 'person'],
        properties: {
          id: { type: 'integer' },
          email: { type: 'string' },
          person: { anyOf: [{ $ref: '#/components/schemas/Person' }, { type: 'null' }] },
        },
      },
      Person: {
        type: 'object',
        required: ['id', 'firstname'],
        properties: { id: { type: 'integer' }, account: { $ref: '#/components/schemas/Account' } },
      },
      Account: { type: 'object', required: ['username'], properties: { username: { type: 'string' } } },
      Problem: { type: 'object', required: ['type', 'title', 'status'] },
      Client: { type: 'object', required: ['id', 'name'] },
    },
  },
});

describe('relaxProjectedResponses', () => {
  const { components } = relaxProjectedResponses(documentOf());
  const schemas = components.schemas as Record<string, { required?: string[] }>;

  it('keeps only id required in what a projected response holds, nested objects too', () => {
    expect(schemas['Profile'].required).toEqual(['id']);
    expect(schemas['Person'].required).toEqual(['id']);
    expect(schemas['Account'].required).toBeUndefined();
  });

  it('leaves problems and the responses of operations that are not projected alone', () => {
    expect(schemas['Problem'].required).toEqual(['type', 'title', 'status']);
    expect(schemas['Client'].required).toEqual(['id', 'name']);
  });
});
