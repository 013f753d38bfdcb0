import { resolveSchema } from './openapi-fuzz-inputs';

const document = {
  paths: {},
  components: {
    schemas: { Person: { type: 'object', properties: { id: { type: 'integer' } } } },
  },
};

describe('resolveSchema on OpenAPI 3.1 schemas', () => {
  it('reads a type array with null as the type, nullable', () => {
    expect(resolveSchema(document, { type: ['string', 'null'], maxLength: 5 })).toEqual({
      type: 'string',
      maxLength: 5,
      nullable: true,
    });
  });

  it('follows a nullable reference (anyOf the reference and null) to its schema, nullable', () => {
    expect(
      resolveSchema(document, { anyOf: [{ $ref: '#/components/schemas/Person' }, { type: 'null' }] }),
    ).toEqual({ type: 'object', properties: { id: { type: 'integer' } }, nullable: true });
  });

  it('takes the first branch of a oneOf that also allows null', () => {
    expect(
      resolveSchema(document, { oneOf: [{ type: 'string' }, { type: 'array' }, { type: 'null' }] }),
    ).toEqual({
      type: 'string',
      nullable: true,
    });
  });

  it('leaves a schema that does not allow null as it is', () => {
    expect(resolveSchema(document, { type: 'integer', minimum: 1 })).toEqual({ type: 'integer', minimum: 1 });
  });
});
