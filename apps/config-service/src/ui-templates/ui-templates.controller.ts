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
import type { FastifyReply } from 'fastify';

import { RequireRoles } from '@portal/auth';
import { createdInCollection } from '@portal/http-context';
import { PaginatedList, type Page } from '@portal/pagination';

import { ListUiTemplatesQueryDto, ListUiTemplatesQueryV9Dto } from './dto/ui-template-list-query.dto';
import { UiTemplateResponse } from './dto/ui-template.response';
import { CreateUiTemplateDto, UpdateUiTemplateDto } from './dto/ui-template-write.dto';
import { contrastFailures, describeContrastFailure } from './palette-contrast';
import type { ColorPalette } from './ui-template.entity';
import { type FieldOrder, toUiTemplateResponse } from './ui-template.mapper';
import { UiTemplateNamePipe } from './ui-template-name.pipe';
import { CONFIG_WARNINGS_HEADER } from './ui-template-headers';
import {
  CreateUiTemplateDocs,
  DeleteUiTemplateDocs,
  ListUiTemplatesDocs,
  ReadUiTemplateDocs,
  UiTemplatesV10Docs,
  UiTemplatesV9Docs,
  UpdateUiTemplateDocs,
} from './ui-templates.openapi';
import { UiTemplatesService } from './ui-templates.service';

export const CONFIG_READ = 'ConfigApi_Read';
export const CONFIG_WRITE = 'ConfigApi_Write';

function warnAboutContrast(reply: FastifyReply, palette: ColorPalette): void {
  const failures = contrastFailures(palette);
  if (failures.length > 0)
    void reply.header(CONFIG_WARNINGS_HEADER, failures.map(describeContrastFailure).join(', '));
}

/**
 * The routes of both versions; not a controller itself, so that each version's class carries only
 * its own tag (class tags are inherited).
 */
abstract class UiTemplatesController {
  protected abstract readonly fieldOrder: FieldOrder;

  constructor(@Inject(UiTemplatesService) protected readonly uiTemplates: UiTemplatesService) {}

  @Get()
  @RequireRoles(CONFIG_READ, CONFIG_WRITE)
  @ListUiTemplatesDocs()
  @PaginatedList(UiTemplateResponse)
  async listUiTemplates(@Query() query: ListUiTemplatesQueryDto): Promise<Page<UiTemplateResponse>> {
    return (await this.uiTemplates.list(query)).map((template) =>
      toUiTemplateResponse(template, this.fieldOrder),
    );
  }

  @Post()
  @RequireRoles(CONFIG_WRITE)
  @CreateUiTemplateDocs()
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
  @ReadUiTemplateDocs()
  async readUiTemplate(
    @Param('uiTemplateName', UiTemplateNamePipe) name: string,
  ): Promise<UiTemplateResponse> {
    return toUiTemplateResponse(await this.uiTemplates.getByName(name), this.fieldOrder);
  }

  @Put(':uiTemplateName')
  @RequireRoles(CONFIG_WRITE)
  @UpdateUiTemplateDocs()
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
  @DeleteUiTemplateDocs()
  async deleteUiTemplate(@Param('uiTemplateName', UiTemplateNamePipe) name: string): Promise<void> {
    await this.uiTemplates.delete(name);
  }
}

@UiTemplatesV10Docs()
@Controller('v10-0/ui-templates')
export class UiTemplatesV10Controller extends UiTemplatesController {
  protected readonly fieldOrder: FieldOrder = 'audit-first';
}

/** v9.1: the same operations; the sender filter is bounded and audit fields come last (interfaces 9). */
@UiTemplatesV9Docs()
@Controller('v9-1/ui-templates')
export class UiTemplatesV9Controller extends UiTemplatesController {
  protected readonly fieldOrder: FieldOrder = 'audit-last';

  @Get()
  @RequireRoles(CONFIG_READ, CONFIG_WRITE)
  @ListUiTemplatesDocs()
  @PaginatedList(UiTemplateResponse)
  override listUiTemplates(@Query() query: ListUiTemplatesQueryV9Dto): Promise<Page<UiTemplateResponse>> {
    return super.listUiTemplates(query);
  }
}
