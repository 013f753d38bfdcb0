import { applyDecorators } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
} from '@nestjs/swagger';

import { ApiBodyExamples, ReadDocs, ResourceDocs, stringHeader } from '@portal/http-context';
import { ApiProblemResponses } from '@portal/problem-details';

import { DEMO_UI_TEMPLATES } from './demo/demo-ui-templates';
import { UiTemplateResponse } from './dto/ui-template.response';
import { CreateUiTemplateDto, UpdateUiTemplateDto } from './dto/ui-template-write.dto';
import {
  CREATE_UI_TEMPLATE_EXAMPLES,
  EXAMPLE_DELETED_UI_TEMPLATE_NAME,
  EXAMPLE_UPDATED_UI_TEMPLATE_NAME,
  UPDATE_UI_TEMPLATE_EXAMPLES,
} from './ui-template.examples';
import { UI_TEMPLATE_NAME_PARAMETER } from './ui-template-name.pipe';
import { CONFIG_WARNINGS_HEADER } from './ui-template-headers';
import { UI_TEMPLATE_ORDER } from './ui-templates.service';

/** The tags of the two versions, each with what sets it apart (interfaces 9). */
export const UI_TEMPLATE_TAGS = [
  {
    name: 'UI templates (v10.0)',
    description:
      'The current version. The SenderIdentifier filter has no length bound; responses give the audit fields first. ' +
      'A body property or query parameter an operation does not know is a 400 naming the nearest known one.',
  },
  {
    name: 'UI templates (v9.1)',
    description:
      'The same operations and bodies as v10.0. The SenderIdentifier filter is at most 200 characters (400 beyond); ' +
      'responses give the audit fields last; unknown body properties and query parameters are ignored.',
  },
];

export const UiTemplatesV10Docs = (): ClassDecorator => ResourceDocs(UI_TEMPLATE_TAGS[0].name);
export const UiTemplatesV9Docs = (): ClassDecorator => ResourceDocs(UI_TEMPLATE_TAGS[1].name);

const WRITE_HEADERS = {
  [CONFIG_WARNINGS_HEADER]: stringHeader(
    'Present when the saved palette has text/background pairs below WCAG 2.2 AA for normal text (4.5:1), ' +
      'comma-separated, each naming the colour to change, the ratio and the nearest passing shade ' +
      '(`colorPalette.primaryColorText: contrast 4.48:1 with background primaryColor #FFFFFF is below the ' +
      '4.5:1 WCAG 2.2 AA asks of text; nearest passing shade #767676 (4.54:1)`). Under ' +
      '`CONFIG_CONTRAST_POLICY=enforce` such a palette is a 400 on those colours instead, and nothing is saved.',
  ),
};

/** The `{uiTemplateName}` of an operation, with the template of the demo data its example names. */
const TemplateName = (example: string): MethodDecorator =>
  ApiParam({ ...UI_TEMPLATE_NAME_PARAMETER, example });

/** Both versions' list (v9.1's query bounds `SenderIdentifier`; the words are the same). */
export const ListUiTemplatesDocs = (): MethodDecorator =>
  applyDecorators(
    ApiOperation({
      summary: 'List UI templates',
      description:
        'Paged (`PageNumber`, `PageSize`, `X-Pagination-*` headers; HEAD gives the headers alone). `SenderIdentifier` ' +
        'finds the one template of that sender (exact, case-sensitive). `OrderBy` over ' +
        `${Object.keys(UI_TEMPLATE_ORDER)
          .map((key) => `\`${key}\``)
          .join(', ')}, each optionally \`desc\`; default \`id\`.`,
    }),
    ApiProblemResponses(400),
  );

export const CreateUiTemplateDocs = (): MethodDecorator =>
  applyDecorators(
    ApiOperation({
      summary: 'Create a UI template',
      description:
        'The name is unique (case-sensitive) and cannot change later. Each sender identifier belongs to at most ' +
        'one template: one held by another template is a 400 on `senderIdentifiers[i]`, as is a taken name on `name`. ' +
        'A palette below WCAG 2.2 AA is saved and named in `X-Config-Warnings`, or, under ' +
        '`CONFIG_CONTRAST_POLICY=enforce`, a 400 on the colour to change.',
    }),
    ApiBodyExamples(CreateUiTemplateDto, CREATE_UI_TEMPLATE_EXAMPLES),
    ApiCreatedResponse({ type: UiTemplateResponse, headers: WRITE_HEADERS }),
    ApiProblemResponses(400, 413, 415),
  );

/** The read's example: the demo template `npm start` seeds, found before any write example ran. */
export const ReadUiTemplateDocs = (): MethodDecorator =>
  ReadDocs(
    { summary: 'Read a UI template by its name' },
    UiTemplateResponse,
    TemplateName(DEMO_UI_TEMPLATES[0].name),
  );

/** The update's example: a template kept for it in the demo data. */
export const UpdateUiTemplateDocs = (): MethodDecorator =>
  applyDecorators(
    ApiOperation({
      summary: 'Update a UI template (its name cannot change)',
      description:
        'Replaces every field (a `name` in the body is ignored). The sender identifiers become exactly the ones sent: ' +
        'those left out are released, one held by another template is a 400 on `senderIdentifiers[i]`. The ' +
        'palette is checked as on a create (`X-Config-Warnings`, or a 400 under `CONFIG_CONTRAST_POLICY=enforce`).',
    }),
    TemplateName(EXAMPLE_UPDATED_UI_TEMPLATE_NAME),
    ApiBodyExamples(UpdateUiTemplateDto, UPDATE_UI_TEMPLATE_EXAMPLES),
    ApiOkResponse({ type: UiTemplateResponse, headers: WRITE_HEADERS }),
    ApiProblemResponses(400, 404, 413, 415),
  );

/** The delete's example: another template kept for it in the demo data. */
export const DeleteUiTemplateDocs = (): MethodDecorator =>
  applyDecorators(
    ApiOperation({ summary: 'Delete a UI template and release its sender identifiers' }),
    TemplateName(EXAMPLE_DELETED_UI_TEMPLATE_NAME),
    ApiNoContentResponse({ description: 'Deleted.' }),
    ApiProblemResponses(400, 404),
  );
