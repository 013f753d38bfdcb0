import { Body, Controller, Delete, Get, HttpCode, Param, Put, Query, Res } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';

import { CurrentPrincipal, type Principal, RequireRoles } from '@portal/auth';
import { ApiBodyExamples } from '@portal/http-context';
import { type Page, PageQueryDto, PaginatedList } from '@portal/pagination';
import { ApiProblemResponses } from '@portal/problem-details';

import {
  EXAMPLE_DELETED_TEMPLATE,
  EXAMPLE_DEMO_TEMPLATE_NAME,
  EXAMPLE_TEMPLATE_NAME,
  SAVE_TEMPLATE_EXAMPLES,
} from './openapi-examples';
import { SaveTemplateDto } from './dto/save-template.dto';
import { TemplateResponse, TemplateSummaryResponse, TemplateVersionResponse } from './dto/template.response';
import { parseTemplateReference } from './template-reference';
import { toTemplateResponse, toTemplateSummary, toTemplateVersionResponse } from './template.mapper';
import { TemplatesService } from './templates.service';

export const RENDER_TEMPLATES = 'RenderApi_Templates';

/** The save's example: the template the save example keeps (a new one, then a new version). */
const NAME_PARAMETER = {
  name: 'templateName',
  description: 'Up to 50 letters, digits and . _ ~ -',
  example: EXAMPLE_TEMPLATE_NAME,
};
/** The delete's example: a demo template kept for it, which no other example names. */
const DELETE_NAME_PARAMETER = { ...NAME_PARAMETER, example: EXAMPLE_DELETED_TEMPLATE.name };
/** The reads' example: a demo template, there before any write example ran. */
const READ_NAME_PARAMETER = { ...NAME_PARAMETER, example: EXAMPLE_DEMO_TEMPLATE_NAME };

@ApiTags('Templates')
@ApiProblemResponses(401, 403)
@RequireRoles(RENDER_TEMPLATES)
@Controller('v10-0/templates')
export class TemplatesController {
  constructor(private readonly templates: TemplatesService) {}

  @Get()
  @ApiOperation({ summary: 'List saved templates (newest version of each, without the text)' })
  @PaginatedList(TemplateSummaryResponse)
  @ApiProblemResponses(400)
  async listTemplates(@Query() query: PageQueryDto): Promise<Page<TemplateSummaryResponse>> {
    const page = await this.templates.list(query);
    const formats = await this.templates.inputFormatsOf(page.items);
    return page.map((template) => toTemplateSummary(template, formats.get(template.id) ?? null));
  }

  @Put(':templateName')
  @ApiOperation({
    summary: 'Save a template: a new version, 201 for a new name, 200 for a new version of a saved one',
    description:
      'A template that does not compile is refused (422) and not saved. Every save keeps a new, immutable version.',
  })
  @ApiParam(NAME_PARAMETER)
  @ApiBodyExamples(SaveTemplateDto, SAVE_TEMPLATE_EXAMPLES)
  @ApiCreatedResponse({ type: TemplateResponse, description: 'The first version of a new template.' })
  @ApiOkResponse({ type: TemplateResponse, description: 'A new version of a saved template.' })
  @ApiProblemResponses(400, 413, 415, 422, 429, 503)
  async saveTemplate(
    @Param('templateName') name: string,
    @Body() body: SaveTemplateDto,
    @CurrentPrincipal() principal: Principal,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    // The guard admits only a non-empty subject; `created_by` holds 100 characters (code points).
    const savedBy = body.createdBy ?? [...principal.subject].slice(0, 100).join('');
    const { template, version, created } = await this.templates.save(name, body, savedBy, principal.subject);
    await reply.status(created ? 201 : 200).send(toTemplateResponse(template, version));
  }

  @Get(':templateName')
  @ApiOperation({ summary: 'Read a template: its newest version, or version N as `name@N`' })
  @ApiParam({ ...READ_NAME_PARAMETER, description: 'The name, or `name@N` for version N.' })
  @ApiOkResponse({ type: TemplateResponse })
  @ApiProblemResponses(404)
  async readTemplate(@Param('templateName') reference: string): Promise<TemplateResponse> {
    const { template, version } = await this.templates.get(parseTemplateReference(reference));
    return toTemplateResponse(template, version);
  }

  @Get(':templateName/versions')
  @ApiOperation({ summary: 'List the saved versions of a template (without the text)' })
  @ApiParam(READ_NAME_PARAMETER)
  @PaginatedList(TemplateVersionResponse, { orderByExample: 'version desc' })
  @ApiProblemResponses(400, 404)
  async listTemplateVersions(
    @Param('templateName') name: string,
    @Query() query: PageQueryDto,
  ): Promise<Page<TemplateVersionResponse>> {
    return (await this.templates.versions(name, query)).map(toTemplateVersionResponse);
  }

  @Delete(':templateName')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a template with all its versions' })
  @ApiParam(DELETE_NAME_PARAMETER)
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiProblemResponses(404)
  async deleteTemplate(@Param('templateName') name: string): Promise<void> {
    await this.templates.delete(name);
  }
}
