import { applyDecorators } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
} from '@nestjs/swagger';

import { ApiBodyExamples, ResourceDocs } from '@portal/http-context';
import { ApiProblemResponses } from '@portal/problem-details';

import { SaveTemplateDto } from './dto/save-template.dto';
import { TemplateResponse } from './dto/template.response';
import {
  EXAMPLE_DELETED_TEMPLATE,
  EXAMPLE_DEMO_TEMPLATE_NAME,
  EXAMPLE_TEMPLATE_NAME,
  SAVE_TEMPLATE_EXAMPLES,
} from './openapi-examples';

export const TemplatesDocs = (): ClassDecorator => ResourceDocs('Templates');

/** The save's example: the template the save example keeps (a new one, then a new version). */
const NAME_PARAMETER = {
  name: 'templateName',
  description: 'Up to 50 letters, digits and . _ ~ -',
  example: EXAMPLE_TEMPLATE_NAME,
};
/** The reads' example: a demo template, there before any write example ran. */
const READ_NAME_PARAMETER = { ...NAME_PARAMETER, example: EXAMPLE_DEMO_TEMPLATE_NAME };

export const ListTemplatesDocs = (): MethodDecorator =>
  applyDecorators(
    ApiOperation({ summary: 'List saved templates (newest version of each, without the text)' }),
    ApiProblemResponses(400),
  );

export const SaveTemplateDocs = (): MethodDecorator =>
  applyDecorators(
    ApiOperation({
      summary: 'Save a template: a new version, 201 for a new name, 200 for a new version of a saved one',
      description:
        'A template that does not compile is refused (422) and not saved. Every save keeps a new, immutable version.',
    }),
    ApiParam(NAME_PARAMETER),
    ApiBodyExamples(SaveTemplateDto, SAVE_TEMPLATE_EXAMPLES),
    ApiCreatedResponse({ type: TemplateResponse, description: 'The first version of a new template.' }),
    ApiOkResponse({ type: TemplateResponse, description: 'A new version of a saved template.' }),
    ApiProblemResponses(400, 413, 415, 422, 429, 503),
  );

export const ReadTemplateDocs = (): MethodDecorator =>
  applyDecorators(
    ApiOperation({ summary: 'Read a template: its newest version, or version N as `name@N`' }),
    ApiParam({ ...READ_NAME_PARAMETER, description: 'The name, or `name@N` for version N.' }),
    ApiOkResponse({ type: TemplateResponse }),
    ApiProblemResponses(404),
  );

export const ListTemplateVersionsDocs = (): MethodDecorator =>
  applyDecorators(
    ApiOperation({ summary: 'List the saved versions of a template (without the text)' }),
    ApiParam(READ_NAME_PARAMETER),
    ApiProblemResponses(400, 404),
  );

/** The delete's example: a demo template kept for it, which no other example names. */
export const DeleteTemplateDocs = (): MethodDecorator =>
  applyDecorators(
    ApiOperation({ summary: 'Delete a template with all its versions' }),
    ApiParam({ ...NAME_PARAMETER, example: EXAMPLE_DELETED_TEMPLATE.name }),
    ApiNoContentResponse({ description: 'Deleted.' }),
    ApiProblemResponses(404),
  );
