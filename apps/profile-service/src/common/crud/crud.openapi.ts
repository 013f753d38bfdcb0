import { applyDecorators, type Type } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';

import { ApiBodyExamples, type BodyExample } from '@portal/http-context';
import { ApiProblemResponses } from '@portal/problem-details';
import type { ExampleByVersion } from '@portal/service-runtime';

import {
  DeleteDocs,
  IdParam,
  NOT_FOUND,
  ORDER_BY,
  PAGING,
  ReadDocs,
  readProjection,
  ResourceDocs,
  sentences,
  WriteDocs,
  withArticle,
  writeProjection,
} from '../operation-docs';

/** What a resource's operation descriptions say beyond what every resource shares. */
export interface CrudRules {
  /** The list filters: "`Name`: the client of this name, case-insensitive." */
  readonly filters: string;
  /** Rules of create and update beyond the field bounds, e.g. what is unique. */
  readonly write: string;
  /** Rules of update only. */
  readonly update?: string;
  /** What refuses a delete (a 400 on the id), completing "while ...": "a service or an identity uses it". */
  readonly deleteRefusedWhile?: string;
  /** What else the delete refuses or takes with it. */
  readonly deleteNote?: string;
}

/** Realistic examples that run as they are on a fresh `npm start` (its demo catalogue). */
export interface CrudExamples {
  /** The id of a record of the demo catalogue, for the item routes' examples. */
  readonly id: number;
  /**
   * The delete's example per version: a record the demo catalogue keeps for it (the last two of
   * its list), which nothing refers to, so that each version's delete removes a record of its own
   * and every example runs in any order.
   */
  readonly deleteId: ExampleByVersion<number>;
  readonly create: BodyExample;
  readonly update: BodyExample;
}

/** The OpenAPI text of a resource of the CRUD layer, which its `<stem>.openapi.ts` gives. */
export interface CrudDocs {
  /** OpenAPI tag. */
  readonly tag: string;
  /** Plural noun for summaries: `legal forms`. */
  readonly plural: string;
  readonly rules: CrudRules;
  readonly examples: CrudExamples;
}

/** What the documentation of the five operations reads of a resource's routes. */
export interface DocumentedCrud {
  /** Projection entity key (interfaces 5): `legalForm`. */
  readonly entityKey: string;
  readonly definition: { readonly noun: string; readonly idName: string };
  readonly response: Type;
  readonly createBody: Type;
  readonly updateBody: Type;
  readonly docs: CrudDocs;
}

export const CrudResourceDocs = ({ docs }: DocumentedCrud): ClassDecorator => ResourceDocs(docs.tag);

/** A write's description: the sentences of the operation, then what every write of the resource says. */
const writeDescription = ({ docs, entityKey }: DocumentedCrud, ...specific: (string | undefined)[]): string =>
  sentences(
    ...specific,
    'The properties a body may not set (`id`, the audit stamps) are ignored, so a read may be sent back; an ' +
      'unknown property is a 400 under v10-0 and ignored under v9-1. A field left out takes its default.',
    docs.rules.write,
    writeProjection(entityKey),
  );

const IdOf = ({ definition, docs }: DocumentedCrud): MethodDecorator =>
  IdParam(definition.idName, docs.examples.id);

export const ListRecordsDocs = ({ docs, entityKey }: DocumentedCrud): MethodDecorator =>
  applyDecorators(
    ApiOperation({
      summary: `List ${docs.plural}`,
      description: sentences(PAGING, ORDER_BY, `Filters: ${docs.rules.filters}`, readProjection(entityKey)),
    }),
    ApiProblemResponses(400),
  );

export const CreateRecordDocs = (routes: DocumentedCrud): MethodDecorator =>
  applyDecorators(
    ApiOperation({
      summary: `Create ${withArticle(routes.definition.noun)}`,
      description: writeDescription(routes, 'Answers 201 with the record; `createdBy` is required.'),
    }),
    ApiBodyExamples(routes.createBody, { [routes.entityKey]: routes.docs.examples.create }),
    ApiCreatedResponse({ type: routes.response }),
    ApiProblemResponses(400, 413, 415),
  );

export const ReadRecordDocs = (routes: DocumentedCrud): MethodDecorator =>
  ReadDocs(
    {
      summary: `Read ${withArticle(routes.definition.noun)}`,
      description: sentences(
        NOT_FOUND,
        'An id that is not a positive int32 is a 400.',
        readProjection(routes.entityKey),
      ),
    },
    routes.response,
    IdOf(routes),
  );

export const UpdateRecordDocs = (routes: DocumentedCrud): MethodDecorator =>
  applyDecorators(
    WriteDocs(
      {
        summary: `Update ${withArticle(routes.definition.noun)}`,
        description: writeDescription(
          routes,
          'Replaces the fields of the record (PUT is not a patch); `updatedBy` is required.',
          routes.docs.rules.update,
          NOT_FOUND,
        ),
      },
      routes.updateBody,
      { [routes.entityKey]: routes.docs.examples.update },
      IdOf(routes),
    ),
    ApiOkResponse({ type: routes.response }),
  );

export const DeleteRecordDocs = ({ definition, docs }: DocumentedCrud): MethodDecorator =>
  DeleteDocs(
    {
      summary: `Delete ${withArticle(definition.noun)}`,
      description: sentences(
        'Answers 204.',
        docs.rules.deleteRefusedWhile &&
          `Refused with a 400 on \`${definition.idName}\`, naming what refers to it and how many, while ${docs.rules.deleteRefusedWhile}.`,
        docs.rules.deleteNote,
        NOT_FOUND,
        `The example is ${withArticle(definition.noun)} the demo catalogue keeps for it, one per version.`,
      ),
    },
    IdParam(definition.idName, docs.examples.deleteId),
  );
