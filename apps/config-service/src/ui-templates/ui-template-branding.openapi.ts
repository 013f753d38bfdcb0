import { applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';

import { stringHeader } from '@portal/http-context';
import { ApiProblemResponses } from '@portal/problem-details';

import { DEMO_UI_TEMPLATES } from './demo/demo-ui-templates';
import { UiTemplateBrandingResponse } from './dto/ui-template-branding.response';
import type { UiTemplateEntity } from './ui-template.entity';
import { toUiTemplateBrandingResponse } from './ui-template.mapper';
import { UI_TEMPLATE_NAME_PARAMETER } from './ui-template-name.pipe';
import { BRANDING_CACHE_CONTROL } from './ui-template-headers';

export const PUBLIC_BRANDING_TAG = {
  name: 'Public branding',
  description:
    "A UI template's branding for pages shown before anyone signs in: no token, any origin (CORS `*`), " +
    'cacheable by browsers and shared caches for 5 minutes, then revalidated by its strong `ETag` ' +
    '(`If-None-Match`: 304 without a body). Under v10-0 only. Rate limited per client address.',
};

/** No 401 or 403: the branding is public. */
export const UiTemplateBrandingDocs = (): ClassDecorator => ApiTags(PUBLIC_BRANDING_TAG.name);

const DEMO = DEMO_UI_TEMPLATES[0];
const BRANDING_EXAMPLE = toUiTemplateBrandingResponse({
  ...DEMO,
  svgCssFilter: DEMO.svgCssFilter ?? null,
  links: DEMO.links ?? null,
  socialNetworks: DEMO.socialNetworks ?? null,
} as UiTemplateEntity);

/** What a 200 and a 304 both carry for caches. */
const CACHE_HEADERS = {
  ETag: stringHeader('Strong entity tag of the body: it changes exactly when the body does.'),
  'Cache-Control': stringHeader(BRANDING_CACHE_CONTROL),
};

export const ReadUiTemplateBrandingDocs = (): MethodDecorator =>
  applyDecorators(
    ApiOperation({
      summary: "Read a UI template's branding without a token",
      description:
        'The palette, logos, footer links and social networks, in the shapes of the UI template response; ' +
        'never sender identifiers nor audit fields. `ETag` is a hash of the body, so any write that changes ' +
        'the branding changes it; `If-None-Match` (a list, weak comparison, or `*`) naming it answers 304.',
      security: [],
    }),
    ApiParam({ ...UI_TEMPLATE_NAME_PARAMETER, example: DEMO.name }),
    ApiHeader({
      name: 'If-None-Match',
      required: false,
      description: 'The `ETag` of a copy the client holds: a 304 without a body when it is still current.',
    }),
    ApiOkResponse({
      description: "The branding (the demo canton's in the example).",
      type: UiTemplateBrandingResponse,
      example: BRANDING_EXAMPLE,
      headers: CACHE_HEADERS,
    }),
    ApiResponse({
      status: 304,
      description: 'Not Modified: the copy `If-None-Match` names is current. No body.',
      headers: CACHE_HEADERS,
    }),
    ApiProblemResponses(404),
  );
