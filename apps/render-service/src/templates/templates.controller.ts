import { Body, Controller, Delete, Get, HttpCode, Param, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';

import { CurrentPrincipal, type Principal, RequireRoles } from '@portal/auth';
import { type Page, PageQueryDto, PaginatedList } from '@portal/pagination';

import { SaveTemplateDto } from './dto/save-template.dto';
import { TemplateResponse, TemplateSummaryResponse, TemplateVersionResponse } from './dto/template.response';
import { parseTemplateReference } from './template-reference';
import { toTemplateResponse, toTemplateSummary, toTemplateVersionResponse } from './template.mapper';
import {
  DeleteTemplateDocs,
  ListTemplatesDocs,
  ListTemplateVersionsDocs,
  ReadTemplateDocs,
  SaveTemplateDocs,
  TemplatesDocs,
} from './templates.openapi';
import { TemplatesService } from './templates.service';

export const RENDER_TEMPLATES = 'RenderApi_Templates';

@TemplatesDocs()
@RequireRoles(RENDER_TEMPLATES)
@Controller('v10-0/templates')
export class TemplatesController {
  constructor(private readonly templates: TemplatesService) {}

  @Get()
  @ListTemplatesDocs()
  @PaginatedList(TemplateSummaryResponse)
  async listTemplates(@Query() query: PageQueryDto): Promise<Page<TemplateSummaryResponse>> {
    const page = await this.templates.list(query);
    const formats = await this.templates.inputFormatsOf(page.items);
    return page.map((template) => toTemplateSummary(template, formats.get(template.id) ?? null));
  }

  @Put(':templateName')
  @SaveTemplateDocs()
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
  @ReadTemplateDocs()
  async readTemplate(@Param('templateName') reference: string): Promise<TemplateResponse> {
    const { template, version } = await this.templates.get(parseTemplateReference(reference));
    return toTemplateResponse(template, version);
  }

  @Get(':templateName/versions')
  @ListTemplateVersionsDocs()
  @PaginatedList(TemplateVersionResponse, { orderByExample: 'version desc' })
  async listTemplateVersions(
    @Param('templateName') name: string,
    @Query() query: PageQueryDto,
  ): Promise<Page<TemplateVersionResponse>> {
    return (await this.templates.versions(name, query)).map(toTemplateVersionResponse);
  }

  @Delete(':templateName')
  @HttpCode(204)
  @DeleteTemplateDocs()
  async deleteTemplate(@Param('templateName') name: string): Promise<void> {
    await this.templates.delete(name);
  }
}
