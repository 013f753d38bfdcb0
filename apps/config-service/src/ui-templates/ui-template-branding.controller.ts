import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { Public } from '@portal/auth';
import { ifNoneMatchMatches, strongEtagOf } from '@portal/http-context';
import { ApiProblemResponses } from '@portal/problem-details';
import { AnyOriginCors } from '@portal/service-runtime';

import { DEMO_UI_TEMPLATES } from './demo/demo-ui-templates';
import { UiTemplateBrandingResponse } from './dto/ui-template-branding.response';
import type { UiTemplateEntity } from './ui-template.entity';
import { toUiTemplateBrandingResponse } from './ui-template.mapper';
import { UI_TEMPLATE_NAME_PARAMETER, UiTemplateNamePipe } from './ui-template-name.pipe';
import { UiTemplatesService } from './ui-templates.service';

export const PUBLIC_BRANDING_TAG = {
  name: 'Public branding',
  description:
    "A UI template's branding for pages shown before anyone signs in: no token, any origin (CORS `*`), " +
    'cacheable by browsers and shared caches for 5 minutes, then revalidated by its strong `ETag` ' +
    '(`If-None-Match`: 304 without a body). Under v10-0 only. Rate limited per client address.',
};

/** Five minutes: a changed palette reaches every login page within that, without a request per view. */
export const BRANDING_CACHE_CONTROL = 'public, max-age=300';

const DEMO = DEMO_UI_TEMPLATES[0];
const BRANDING_EXAMPLE = toUiTemplateBrandingResponse({
  ...DEMO,
  svgCssFilter: DEMO.svgCssFilter ?? null,
  links: DEMO.links ?? null,
  socialNetworks: DEMO.socialNetworks ?? null,
} as UiTemplateEntity);

const ETAG_HEADER = {
  description: 'Strong entity tag of the body: it changes exactly when the body does.',
  schema: { type: 'string' },
};
const CACHE_CONTROL_HEADER = { description: BRANDING_CACHE_CONTROL, schema: { type: 'string' } };

/**
 * The public branding read (contract 9). Not under v9-1: the contract names v10-0, and the
 * migrating clients of v9-1 read templates with their token.
 */
@ApiTags(PUBLIC_BRANDING_TAG.name)
@Controller('v10-0/ui-templates')
export class UiTemplateBrandingController {
  constructor(@Inject(UiTemplatesService) private readonly uiTemplates: UiTemplatesService) {}

  @Get(':uiTemplateName/branding')
  @Public()
  @AnyOriginCors()
  @ApiOperation({
    summary: "Read a UI template's branding without a token",
    description:
      'The palette, logos, footer links and social networks, in the shapes of the UI template response; ' +
      'never sender identifiers nor audit fields. `ETag` is a hash of the body, so any write that changes ' +
      'the branding changes it; `If-None-Match` (a list, weak comparison, or `*`) naming it answers 304.',
    security: [],
  })
  @ApiParam({ ...UI_TEMPLATE_NAME_PARAMETER, example: DEMO.name })
  @ApiHeader({
    name: 'If-None-Match',
    required: false,
    description: 'The `ETag` of a copy the client holds: a 304 without a body when it is still current.',
  })
  @ApiOkResponse({
    description: "The branding (the demo canton's in the example).",
    type: UiTemplateBrandingResponse,
    example: BRANDING_EXAMPLE,
    headers: { ETag: ETAG_HEADER, 'Cache-Control': CACHE_CONTROL_HEADER },
  })
  @ApiResponse({
    status: 304,
    description: 'Not Modified: the copy `If-None-Match` names is current. No body.',
    headers: { ETag: ETAG_HEADER, 'Cache-Control': CACHE_CONTROL_HEADER },
  })
  @ApiProblemResponses(404)
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
