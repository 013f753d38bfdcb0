import type { OpenAPIObject } from '@nestjs/swagger';

import { applyVersionExamples, parameterExamplesByVersion } from './version-examples';

/** Two versions of one operation, sharing the body as @nestjs/swagger shares a decorator's. */
function documentOf(): OpenAPIObject {
  const requestBody = {
    content: {
      'application/json': {
        examples: { canton: { value: { name: 'kanton-zuerich', ids: ['KantonZH'], size: 3 } } },
      },
    },
  };
  const operation = (version: string) => ({
    parameters: [
      {
        name: 'uiTemplateName',
        in: 'path',
        required: true,
        schema: { type: 'string', example: 'kanton-zuerich-test' },
      },
      { name: 'otherName', in: 'path', required: true, example: 'kanton-zuerich' },
      { name: 'PageSize', in: 'query', example: 3 },
    ],
    requestBody,
    responses: {},
    operationId: `put_${version}`,
  });
  return {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/v10-0/ui-templates/{uiTemplateName}': { put: operation('v10') },
      '/v9-1/ui-templates/{uiTemplateName}': { put: operation('v9') },
    },
  } as unknown as OpenAPIObject;
}

describe('applyVersionExamples', () => {
  it("rewrites the version's parameter and body examples, and leaves the other version's as they were", () => {
    const document = applyVersionExamples(documentOf(), {
      'v9-1': {
        'kanton-zuerich': 'kanton-bern',
        KantonZH: 'KantonBE',
        'kanton-zuerich-test': 'kanton-bern-test',
      },
    });
    const v9 = document.paths['/v9-1/ui-templates/{uiTemplateName}'].put!;
    const v10 = document.paths['/v10-0/ui-templates/{uiTemplateName}'].put!;
    expect(JSON.stringify(v9.parameters)).toBe(
      JSON.stringify([
        {
          name: 'uiTemplateName',
          in: 'path',
          required: true,
          schema: { type: 'string', example: 'kanton-bern-test' },
        },
        { name: 'otherName', in: 'path', required: true, example: 'kanton-bern' },
        { name: 'PageSize', in: 'query', example: 3 },
      ]),
    );
    expect(JSON.stringify(v9.requestBody)).toContain('{"name":"kanton-bern","ids":["KantonBE"],"size":3}');
    expect(JSON.stringify(v10.requestBody)).toContain(
      '{"name":"kanton-zuerich","ids":["KantonZH"],"size":3}',
    );
    expect(v10.parameters?.[0]).toMatchObject({ schema: { example: 'kanton-zuerich-test' } });
  });

  it('refuses a value that no example of the version holds', () => {
    expect(() => applyVersionExamples(documentOf(), { 'v9-1': { 'kanton-uri': 'kanton-zug' } })).toThrow(
      "No example under /v9-1/ holds 'kanton-uri'",
    );
  });

  it("gives each version's operation its own path parameter example where the parameter has one per version", () => {
    const parameter = {
      name: 'clientId',
      in: 'path',
      required: true,
      schema: { type: 'integer', format: 'int32' },
      examples: parameterExamplesByVersion({ 'v10-0': 3, 'v9-1': 4 }),
    };
    const document = applyVersionExamples(
      {
        openapi: '3.1.0',
        info: { title: 't', version: '1' },
        paths: {
          '/v10-0/clients/{clientId}': { delete: { parameters: [parameter], responses: {} } },
          '/v9-1/clients/{clientId}': { delete: { parameters: [parameter], responses: {} } },
        },
      } as unknown as OpenAPIObject,
      {},
    );
    const pick = (path: string): unknown => document.paths[path].delete!.parameters;
    expect(pick('/v10-0/clients/{clientId}')).toEqual([
      {
        name: 'clientId',
        in: 'path',
        required: true,
        schema: { type: 'integer', format: 'int32', example: 3 },
      },
    ]);
    expect(pick('/v9-1/clients/{clientId}')).toEqual([
      {
        name: 'clientId',
        in: 'path',
        required: true,
        schema: { type: 'integer', format: 'int32', example: 4 },
      },
    ]);
    // The shared decorator's parameter is left as it was, for the next build of the document.
    expect(parameter.examples).toEqual({
      'v10-0': { summary: 'under /v10-0/', value: 3 },
      'v9-1': { summary: 'under /v9-1/', value: 4 },
    });
  });
});
