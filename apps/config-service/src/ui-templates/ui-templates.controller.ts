import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';

import { RequireRoles } from '@portal/auth';
import { PaginatedList, type Page } from '@portal/pagination';
import { ApiProblemResponses } from '@portal/problem-details';

import { ListUiTemplatesQueryDto, ListUiTemplatesQueryV9Dto } from './dto/ui-template-list-query.dto';
import { UiTemplateResponse } from './dto/ui-template.response';
import { CreateUiTemplateDto, UpdateUiTemplateDto } from './dto/ui-template-write.dto';
import { type FieldOrder, toUiTemplateResponse } from './ui-template.mapper';
import { UI_TEMPLATE_NAME_PARAMETER, UiTemplateNamePipe } from './ui-template-name.pipe';
import { UiTemplatesService } from './ui-templates.service';

export const CONFIG_READ = 'ConfigApi_Read';
export const CONFIG_WRITE = 'ConfigApi_Write';

@ApiTags('UI templates (v10.0)')
@ApiProblemResponses(401, 403)
@Controller('v10-0/ui-templates')
export class UiTemplatesV10Controller {
  protected readonly fieldOrder: FieldOrder = 'audit-first';

  constructor(protected readonly uiTemplates: UiTemplatesService) {}

  @Get()
  @RequireRoles(CONFIG_READ, CONFIG_WRITE)
  @ApiOperation({ summary: 'List UI templates' })
  @PaginatedList(UiTemplateResponse)
  @ApiProblemResponses(400)
  async listUiTemplates(@Query() query: ListUiTemplatesQueryDto): Promise<Page<UiTemplateResponse>> {
    return (await this.uiTemplates.list(query)).map((template) =>
      toUiTemplateResponse(template, this.fieldOrder),
    );
  }

  @Post()
  @RequireRoles(CONFIG_WRITE)
  @ApiOperation({ summary: 'Create a UI template' })
  @ApiCreatedResponse({ type: UiTemplateResponse })
  @ApiProblemResponses(400, 413, 415)
  async createUiTemplate(@Body() body: CreateUiTemplateDto): Promise<UiTemplateResponse> {
    return toUiTemplateResponse(await this.uiTemplates.create(body), this.fieldOrder);
  }

  @Get(':uiTemplateName')
  @RequireRoles(CONFIG_READ, CONFIG_WRITE)
  @ApiOperation({ summary: 'Read a UI template by its name' })
  @ApiParam(UI_TEMPLATE_NAME_PARAMETER)
  @ApiOkResponse({ type: UiTemplateResponse })
  @ApiProblemResponses(400, 404)
  async readUiTemplate(
    @Param('uiTemplateName', UiTemplateNamePipe) name: string,
  ): Promise<UiTemplateResponse> {
    return toUiTemplateResponse(await this.uiTemplates.getByName(name), this.fieldOrder);
  }

  @Put(':uiTemplateName')
  @RequireRoles(CONFIG_WRITE)
  @ApiOperation({ summary: 'Update a UI template (its name cannot change)' })
  @ApiParam(UI_TEMPLATE_NAME_PARAMETER)
  @ApiOkResponse({ type: UiTemplateResponse })
  @ApiProblemResponses(400, 404, 413, 415)
  async updateUiTemplate(
    @Param('uiTemplateName', UiTemplateNamePipe) name: string,
    @Body() body: UpdateUiTemplateDto,
  ): Promise<UiTemplateResponse> {
    return toUiTemplateResponse(await this.uiTemplates.update(name, body), this.fieldOrder);
  }

  @Delete(':uiTemplateName')
  @HttpCode(204)
  @RequireRoles(CONFIG_WRITE)
  @ApiOperation({ summary: 'Delete a UI template and release its sender identifiers' })
  @ApiParam(UI_TEMPLATE_NAME_PARAMETER)
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiProblemResponses(400, 404)
  async deleteUiTemplate(@Param('uiTemplateName', UiTemplateNamePipe) name: string): Promise<void> {
    await this.uiTemplates.delete(name);
  }
}

/** v9.1: the same operations; the sender filter is bounded and audit fields come last (interfaces 9). */
@ApiTags('UI templates (v9.1)')
@ApiProblemResponses(401, 403)
@Controller('v9-1/ui-templates')
export class UiTemplatesV9Controller extends UiTemplatesV10Controller {
  protected override readonly fieldOrder: FieldOrder = 'audit-last';

  @Get()
  @RequireRoles(CONFIG_READ, CONFIG_WRITE)
  @ApiOperation({ summary: 'List UI templates' })
  @PaginatedList(UiTemplateResponse)
  @ApiProblemResponses(400)
  override listUiTemplates(@Query() query: ListUiTemplatesQueryV9Dto): Promise<Page<UiTemplateResponse>> {
    return super.listUiTemplates(query);
  }
}
