import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { Public } from '@portal/auth';
import { ifNoneMatchMatches, strongEtagOf } from '@portal/http-context';
import { AnyOriginCors } from '@portal/service-runtime';

import { toUiTemplateBrandingResponse } from './ui-template.mapper';
import { BRANDING_CACHE_CONTROL } from './ui-template-headers';
import { ReadUiTemplateBrandingDocs, UiTemplateBrandingDocs } from './ui-template-branding.openapi';
import { UiTemplateNamePipe } from './ui-template-name.pipe';
import { UiTemplatesService } from './ui-templates.service';

/**
 * The public branding read (contract 9). Not under v9-1: the contract names v10-0, and the
 * migrating clients of v9-1 read templates with their token.
 */
@UiTemplateBrandingDocs()
@Controller('v10-0/ui-templates')
export class UiTemplateBrandingController {
  constructor(@Inject(UiTemplatesService) private readonly uiTemplates: UiTemplatesService) {}

  @Get(':uiTemplateName/branding')
  @Public()
  @AnyOriginCors()
  @ReadUiTemplateBrandingDocs()
  async readUiTemplateBranding(
    @Param('uiTemplateName', UiTemplateNamePipe) name: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    // Sent here as the bytes that were hashed: a body serialised again later could differ from its ETag.
    const body = JSON.stringify(toUiTemplateBrandingResponse(await this.uiTemplates.getByName(name)));
    const etag = strongEtagOf(body);
    // A 304 carries what the 200 would have for caches (RFC 9110 15.4.5).
    void reply.header('etag', etag).header('cache-control', BRANDING_CACHE_CONTROL);
    if (ifNoneMatchMatches(request.headers['if-none-match'], etag)) {
      void reply.status(304).send();
      return;
    }
    void reply.status(200).type('application/json; charset=utf-8').send(body);
  }
}
