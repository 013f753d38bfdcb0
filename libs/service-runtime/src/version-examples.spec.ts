import type { OpenAPIObject } from '@nestjs/swagger';

import { applyVersionExamples } from './version-examples';

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
});
