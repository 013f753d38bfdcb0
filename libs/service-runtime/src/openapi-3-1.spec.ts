import type { OpenAPIObject } from '@nestjs/swagger';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

import { toOpenApi31 } from './openapi-3-1';

const documentOf = (schemas: Record<string, unknown>): OpenAPIObject =>
  ({ openapi: '3.0.0', info: { title: 't', version: '1' }, paths: {}, components: { schemas } }) as never;

const schemasOf = (document: OpenAPIObject) =>
  document.components?.schemas as Record<string, Record<string, unknown>>;

describe('toOpenApi31', () => {
  it('declares 3.1.0 and keeps what 3.1 reads alike', () => {
    const plain = { type: 'object', required: ['id'], properties: { id: { type: 'integer', example: 1 } } };
    const converted = toOpenApi31(documentOf({ Plain: plain }));
    expect(converted.openapi).toBe('3.1.0');
    expect(schemasOf(converted)['Plain']).toEqual(plain);
  });

  it('writes a nullable type as a type array, with null in its enum', () => {
    const { Thing } = schemasOf(
      toOpenApi31(
        documentOf({
          Thing: {
            type: 'object',
            properties: {
              name: { type: 'string', nullable: true, maxLength: 5 },
              mode: { type: 'string', nullable: true, enum: ['a', 'b'] },
              count: { type: 'integer', nullable: false },
            },
          },
        }),
      ),
    );
    expect(Thing['properties']).toEqual({
      name: { type: ['string', 'null'], maxLength: 5 },
      mode: { type: ['string', 'null'], enum: ['a', 'b', null] },
      count: { type: 'integer' },
    });
  });

  it('writes a nullable reference as anyOf the reference and null', () => {
    const { Thing } = schemasOf(
      toOpenApi31(
        documentOf({
          Other: { type: 'object' },
          Thing: {
            type: 'object',
            properties: {
              other: {
                nullable: true,
                description: 'd',
                type: 'object',
                allOf: [{ $ref: '#/components/schemas/Other' }],
              },
            },
          },
        }),
      ),
    );
    expect((Thing['properties'] as Record<string, unknown>)['other']).toEqual({
      description: 'd',
      anyOf: [{ $ref: '#/components/schemas/Other' }, { type: 'null' }],
    });
  });

  it('drops nullable from any JSON value and adds a null branch to a oneOf', () => {
    const { Thing } = schemasOf(
      toOpenApi31(
        documentOf({
          Thing: {
            type: 'object',
            properties: {
              any: { nullable: true, description: 'anything' },
              either: { nullable: true, oneOf: [{ type: 'string' }, { type: 'array', items: {} }] },
            },
          },
        }),
      ),
    );
    expect(Thing['properties']).toEqual({
      any: { description: 'anything' },
      either: { oneOf: [{ type: 'string' }, { type: 'array', items: {} }, { type: 'null' }] },
    });
  });

  it('writes boolean exclusive bounds in numeric form', () => {
    const { Thing } = schemasOf(
      toOpenApi31(
        documentOf({
          Thing: {
            type: 'object',
            properties: {
              above: { type: 'number', minimum: 0, exclusiveMinimum: true },
              below: { type: 'number', maximum: 9, exclusiveMaximum: false },
            },
          },
        }),
      ),
    );
    expect(Thing['properties']).toEqual({
      above: { type: 'number', exclusiveMinimum: 0 },
      below: { type: 'number', maximum: 9 },
    });
  });

  it('leaves examples and properties named like keywords alone', () => {
    const example = { nullable: true, type: 'string' };
    const { Thing } = schemasOf(
      toOpenApi31(
        documentOf({
          Thing: {
            type: 'object',
            example,
            properties: { nullable: { type: 'boolean' }, default: { type: 'string', nullable: true } },
          },
        }),
      ),
    );
    expect(Thing).toEqual({
      type: 'object',
      example,
      properties: { nullable: { type: 'boolean' }, default: { type: ['string', 'null'] } },
    });
  });

  it('gives schemas that Ajv 2020 compiles and that accept null where 3.0 said nullable', () => {
    const converted = toOpenApi31(
      documentOf({
        Other: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
        Thing: {
          type: 'object',
          properties: {
            other: { nullable: true, type: 'object', allOf: [{ $ref: '#/components/schemas/Other' }] },
            mode: { type: 'string', nullable: true, enum: ['a'] },
            at: { type: 'string', format: 'date-time', nullable: true },
          },
        },
      }),
    );
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    ajv.addSchema({ components: converted.components }, 'doc');
    const validate = ajv.compile({ $ref: 'doc#/components/schemas/Thing' });
    expect(validate({ other: null, mode: null, at: null })).toBe(true);
    expect(validate({ other: { id: 1 }, mode: 'a', at: '2026-01-15T08:30:00Z' })).toBe(true);
    expect(validate({ other: { id: 'x' } })).toBe(false);
    expect(validate({ mode: 'b' })).toBe(false);
  });
});
