import { applyDecorators } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiHeader,
  ApiNoContentResponse,
  ApiNotModifiedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
} from '@nestjs/swagger';

import { ApiBodyExamples, ReadDocs, ResourceDocs, stringHeader } from '@portal/http-context';
import { ApiProblemResponses } from '@portal/problem-details';

import {
  EXAMPLE_DELETED_RENDER_JOB_ID,
  EXAMPLE_RENDER_JOB_ID,
  RENDER_JOB_EXAMPLES,
} from '../templates/openapi-examples';
import { CALLBACK_RETRY_POLICY } from './callbacks/callback-retry';
import { CreateRenderJobDto, JOB_MAX_ITEMS } from './dto/create-render-job.dto';
import { RenderJobResponse } from './dto/render-job.response';

export const RenderJobsDocs = (): ClassDecorator => ResourceDocs('Render jobs');

const JOB_ID = {
  name: 'renderJobId',
  description: "The job's id, as the create answered it (and its Location).",
  example: EXAMPLE_RENDER_JOB_ID,
};
const binary = { schema: { type: 'string', format: 'binary' } };

export const CreateRenderJobDocs = (): MethodDecorator =>
  applyDecorators(
    ApiOperation({
      summary: 'Start a render job: one template rendered for each of up to 10,000 items, asynchronously',
      description:
        `The job is checked whole before it is accepted (the template compiles, its options are known, no item's ` +
        `data is one a render refuses: a 400 naming \`items[i]...\`), then its ${JOB_MAX_ITEMS.toLocaleString('en')} items ` +
        "at most are rendered by the workers of any replica, fairly beside other callers' renders, and an item that " +
        'fails fails alone. Answers 202 with the job and its `Location`; poll it, or name a `callbackUrl`. ' +
        'The same `Idempotency-Key` with the same body answers the same job (`Idempotent-Replayed: true`); with another ' +
        `body a 422. Callbacks: ${CALLBACK_RETRY_POLICY}.`,
    }),
    ApiHeader({
      name: 'Idempotency-Key',
      required: false,
      description:
        'A key of your own for this request (a UUID, say): a retry with it never starts a second job.',
    }),
    ApiBodyExamples(CreateRenderJobDto, RENDER_JOB_EXAMPLES),
    ApiAcceptedResponse({
      type: RenderJobResponse,
      description: 'The job, accepted (or the one an earlier request with this Idempotency-Key started).',
      headers: {
        Location: stringHeader("The job's URL path, to poll."),
        'Idempotent-Replayed': stringHeader(
          '`true` when the job is the one an earlier request with this Idempotency-Key started.',
        ),
      },
    }),
    ApiProblemResponses(400, 404, 413, 415, 422, 429, 503),
  );

export const ListRenderJobsDocs = (): MethodDecorator =>
  applyDecorators(
    ApiOperation({ summary: "List the caller's render jobs (oldest first unless OrderBy says)" }),
    ApiProblemResponses(400),
  );

export const ReadRenderJobDocs = (): MethodDecorator =>
  ReadDocs(
    { summary: 'Read a render job: its state, counts and failed items' },
    RenderJobResponse,
    ApiParam(JOB_ID),
  );

export const ReadRenderJobResultDocs = (): MethodDecorator =>
  applyDecorators(
    ApiOperation({
      summary: "Download a finished job's result: a zip of the items' files, or one merged PDF",
      description:
        'Streamed as it is read; `Content-Disposition` names it, its strong `ETag` answers `If-None-Match` with a 304. ' +
        'A job that has not finished, or has no result (every item failed, cancelled, result deleted): 409.',
    }),
    ApiParam(JOB_ID),
    ApiProduces('application/zip', 'application/pdf'),
    ApiOkResponse({
      description: 'The result.',
      content: { 'application/zip': binary, 'application/pdf': binary },
      headers: {
        'Content-Disposition': stringHeader('attachment; filename="render-job-<id>.zip|pdf"'),
        ETag: stringHeader("The result's strong entity tag."),
      },
    }),
    ApiNotModifiedResponse({ description: 'The result is the one If-None-Match names.' }),
    ApiProblemResponses(400, 404, 409),
  );

/** The delete's example: the second demo job, kept for it. */
export const CancelRenderJobDocs = (): MethodDecorator =>
  applyDecorators(
    ApiOperation({
      summary: 'Cancel a render job, or delete the result of a finished one',
      description:
        'A job that has not finished is cancelled: its items not yet rendered never are, its result is dropped. ' +
        "A finished job's result is deleted. Either way the job stays readable until it expires.",
    }),
    ApiParam({ ...JOB_ID, example: EXAMPLE_DELETED_RENDER_JOB_ID }),
    ApiNoContentResponse({ description: 'Cancelled, or its result deleted.' }),
    ApiProblemResponses(400, 404),
  );
