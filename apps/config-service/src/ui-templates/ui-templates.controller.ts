import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Put,
  Query,
  Res,
} from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';

import { RequireRoles } from '@portal/auth';
import { ApiBodyExamples, createdInCollection } from '@portal/http-context';
import { PaginatedList, type Page } from '@portal/pagination';
import { ApiProblemResponses } from '@portal/problem-details';

import { ListUiTemplatesQueryDto, ListUiTemplatesQueryV9Dto } from './dto/ui-template-list-query.dto';
import { DEMO_UI_TEMPLATES } from './demo/demo-ui-templates';
import { UiTemplateResponse } from './dto/ui-template.response';
import { CreateUiTemplateDto, UpdateUiTemplateDto } from './dto/ui-template-write.dto';
import {
  CREATE_UI_TEMPLATE_EXAMPLES,
  EXAMPLE_DELETED_UI_TEMPLATE_NAME,
  EXAMPLE_UPDATED_UI_TEMPLATE_NAME,
  UPDATE_UI_TEMPLATE_EXAMPLES,
} from './ui-template.examples';
import { contrastFailures, describeContrastFailure } from './palette-contrast';
import type { ColorPalette } from './ui-template.entity';
import { type FieldOrder, toUiTemplateResponse } from './ui-template.mapper';
import { UI_TEMPLATE_NAME_PARAMETER, UiTemplateNamePipe } from './ui-template-name.pipe';
import { UI_TEMPLATE_ORDER, UiTemplatesService } from './ui-templates.service';

export const CONFIG_READ = 'ConfigApi_Read';
export const CONFIG_WRITE = 'ConfigApi_Write';

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

const LIST_DESCRIPTION =
  'Paged (`PageNumber`, `PageSize`, `X-Pagination-*` headers; HEAD gives the headers alone). `SenderIdentifier` ' +
  'finds the one template of that sender (exact, case-sensitive). `OrderBy` over ' +
  `${Object.keys(UI_TEMPLATE_ORDER)
    .map((key) => `\`${key}\``)
    .join(', ')}, each optionally \`desc\`; default \`id\`.`;

/** Lists the palette's pairs below WCAG 2.2 AA of a saved template (CONFIG_CONTRAST_POLICY=warn). */
export const CONFIG_WARNINGS_HEADER = 'X-Config-Warnings';

const WRITE_HEADERS = {
  [CONFIG_WARNINGS_HEADER]: {
    description:
      'Present when the saved palette has text/background pairs below WCAG 2.2 AA for normal text (4.5:1), ' +
      'comma-separated, each naming the colour to change, the ratio and the nearest passing shade ' +
      '(`colorPalette.primaryColorText: contrast 4.48:1 with background primaryColor #FFFFFF is below the ' +
      '4.5:1 WCAG 2.2 AA asks of text; nearest passing shade #767676 (4.54:1)`). Under ' +
      '`CONFIG_CONTRAST_POLICY=enforce` such a palette is a 400 on those colours instead, and nothing is saved.',
    schema: { type: 'string' },
  },
};

function warnAboutContrast(reply: FastifyReply, palette: ColorPalette): void {
  const failures = contrastFailures(palette);
  if (failures.length > 0)
    void reply.header(CONFIG_WARNINGS_HEADER, failures.map(describeContrastFailure).join(', '));
}

/** The update's example: a template kept for it in the demo data. */
const UpdatedTemplateName = (): MethodDecorator =>
  ApiParam({ ...UI_TEMPLATE_NAME_PARAMETER, example: EXAMPLE_UPDATED_UI_TEMPLATE_NAME });
/** The delete's example: another template kept for it in the demo data. */
const DeletedTemplateName = (): MethodDecorator =>
  ApiParam({ ...UI_TEMPLATE_NAME_PARAMETER, example: EXAMPLE_DELETED_UI_TEMPLATE_NAME });
/** The read's example: the demo template `npm start` seeds, found before any write example ran. */
const DemoTemplateName = (): MethodDecorator =>
  ApiParam({ ...UI_TEMPLATE_NAME_PARAMETER, example: DEMO_UI_TEMPLATES[0].name });

/**
 * The routes of both versions; not a controller itself, so that each version's class carries only
 * its own tag (class tags are inherited).
 */
abstract class UiTemplatesController {
  protected abstract readonly fieldOrder: FieldOrder;

  constructor(@Inject(UiTemplatesService) protected readonly uiTemplates: UiTemplatesService) {}

  @Get()
  @RequireRoles(CONFIG_READ, CONFIG_WRITE)
  @ApiOperation({ summary: 'List UI templates', description: LIST_DESCRIPTION })
  @PaginatedList(UiTemplateResponse)
  @ApiProblemResponses(400)
  async listUiTemplates(@Query() query: ListUiTemplatesQueryDto): Promise<Page<UiTemplateResponse>> {
    return (await this.uiTemplates.list(query)).map((template) =>
      toUiTemplateResponse(template, this.fieldOrder),
    );
  }

  @Post()
  @RequireRoles(CONFIG_WRITE)
  @ApiOperation({
    summary: 'Create a UI template',
    description:
      'The name is unique (case-sensitive) and cannot change later. Each sender identifier belongs to at most ' +
      'one template: one held by another template is a 400 on `senderIdentifiers[i]`, as is a taken name on `name`. ' +
      'A palette below WCAG 2.2 AA is saved and named in `X-Config-Warnings`, or, under ' +
      '`CONFIG_CONTRAST_POLICY=enforce`, a 400 on the colour to change.',
  })
  @ApiBodyExamples(CreateUiTemplateDto, CREATE_UI_TEMPLATE_EXAMPLES)
  @ApiCreatedResponse({ type: UiTemplateResponse, headers: WRITE_HEADERS })
  @ApiProblemResponses(400, 413, 415)
  async createUiTemplate(
    @Body() body: CreateUiTemplateDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<UiTemplateResponse> {
    const template = await this.uiTemplates.create(body);
    // Addressed by its name (GET /ui-templates/{uiTemplateName}).
    createdInCollection(reply, template.name);
    warnAboutContrast(reply, template.colorPalette);
    return toUiTemplateResponse(template, this.fieldOrder);
  }

  @Get(':uiTemplateName')
  @RequireRoles(CONFIG_READ, CONFIG_WRITE)
  @ApiOperation({ summary: 'Read a UI template by its name' })
  @DemoTemplateName()
  @ApiOkResponse({ type: UiTemplateResponse })
  @ApiProblemResponses(400, 404)
  async readUiTemplate(
    @Param('uiTemplateName', UiTemplateNamePipe) name: string,
  ): Promise<UiTemplateResponse> {
    return toUiTemplateResponse(await this.uiTemplates.getByName(name), this.fieldOrder);
  }

  @Put(':uiTemplateName')
  @RequireRoles(CONFIG_WRITE)
  @ApiOperation({
    summary: 'Update a UI template (its name cannot change)',
    description:
      'Replaces every field (a `name` in the body is ignored). The sender identifiers become exactly the ones sent: ' +
      'those left out are released, one held by another template is a 400 on `senderIdentifiers[i]`. The ' +
      'palette is checked as on a create (`X-Config-Warnings`, or a 400 under `CONFIG_CONTRAST_POLICY=enforce`).',
  })
  @UpdatedTemplateName()
  @ApiBodyExamples(UpdateUiTemplateDto, UPDATE_UI_TEMPLATE_EXAMPLES)
  @ApiOkResponse({ type: UiTemplateResponse, headers: WRITE_HEADERS })
  @ApiProblemResponses(400, 404, 413, 415)
  async updateUiTemplate(
    @Param('uiTemplateName', UiTemplateNamePipe) name: string,
    @Body() body: UpdateUiTemplateDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<UiTemplateResponse> {
    const template = await this.uiTemplates.update(name, body);
    warnAboutContrast(reply, template.colorPalette);
    return toUiTemplateResponse(template, this.fieldOrder);
  }

  @Delete(':uiTemplateName')
  @HttpCode(204)
  @RequireRoles(CONFIG_WRITE)
  @ApiOperation({ summary: 'Delete a UI template and release its sender identifiers' })
  @DeletedTemplateName()
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiProblemResponses(400, 404)
  async deleteUiTemplate(@Param('uiTemplateName', UiTemplateNamePipe) name: string): Promise<void> {
    await this.uiTemplates.delete(name);
  }
}

@ApiTags(UI_TEMPLATE_TAGS[0].name)
@ApiProblemResponses(401, 403)
@Controller('v10-0/ui-templates')
export class UiTemplatesV10Controller extends UiTemplatesController {
  protected readonly fieldOrder: FieldOrder = 'audit-first';
}

/** v9.1: the same operations; the sender filter is bounded and audit fields come last (interfaces 9). */
@ApiTags(UI_TEMPLATE_TAGS[1].name)
@ApiProblemResponses(401, 403)
@Controller('v9-1/ui-templates')
export class UiTemplatesV9Controller extends UiTemplatesController {
  protected readonly fieldOrder: FieldOrder = 'audit-last';

  @Get()
  @RequireRoles(CONFIG_READ, CONFIG_WRITE)
  @ApiOperation({ summary: 'List UI templates', description: LIST_DESCRIPTION })
  @PaginatedList(UiTemplateResponse)
  @ApiProblemResponses(400)
  override listUiTemplates(@Query() query: ListUiTemplatesQueryV9Dto): Promise<Page<UiTemplateResponse>> {
    return super.listUiTemplates(query);
  }
}
