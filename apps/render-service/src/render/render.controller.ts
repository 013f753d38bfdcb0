import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';

import { NotAudited } from '@portal/audit';
import { CurrentPrincipal, type Principal, RequireRoles } from '@portal/auth';
import { RateLimit } from '@portal/service-runtime';

import { WARNING_SEPARATOR } from '../engine/common/render-warnings';
import { RenderRequestDto } from './dto/render-request.dto';
import { MISSING_COUNT_HEADER, MISSING_HEADER, missingHeaderValue } from './missing-header';
import { TEMPLATE_HEADER, WARNINGS_HEADER } from './document-headers';
import { RenderDocs, RenderDocumentDocs } from './render.openapi';
import { type RenderedDocument, RenderService } from './render.service';

export const RENDER_RENDER = 'RenderApi_Render';

/** Renders cost far more than reads: they count against a lower limit of their own. */
export const RENDER_RATE_LIMIT_POLICY = 'render';

/** Aborted when the client goes before its document is sent: a render still waiting is then dropped. */
function clientGoneSignal(reply: FastifyReply): AbortSignal {
  const clientGone = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) clientGone.abort();
  });
  return clientGone.signal;
}

/** The document, with the headers that say what made it and what it missed. */
async function sendDocument(reply: FastifyReply, document: RenderedDocument): Promise<void> {
  const missing = missingHeaderValue(document.missing);
  if (missing !== undefined) reply.header(MISSING_HEADER, missing);
  if (document.missing.length > 0) reply.header(MISSING_COUNT_HEADER, String(document.missing.length));
  if (document.warnings.length > 0) reply.header(WARNINGS_HEADER, document.warnings.join(WARNING_SEPARATOR));
  if (document.locale) reply.header('content-language', document.locale);
  await reply
    .status(200)
    .header('content-type', document.contentType)
    .header('content-disposition', `attachment; filename="${document.fileName}"`)
    .header(TEMPLATE_HEADER, document.templateLabel)
    .send(Buffer.from(document.bytes.buffer, document.bytes.byteOffset, document.bytes.byteLength));
}

@RenderDocs()
@Controller('v10-0/render')
export class RenderController {
  constructor(private readonly renders: RenderService) {}

  @Post()
  @HttpCode(200)
  @NotAudited()
  @RequireRoles(RENDER_RENDER)
  @RateLimit(RENDER_RATE_LIMIT_POLICY)
  @RenderDocumentDocs()
  async renderDocument(
    @Body() body: RenderRequestDto,
    @CurrentPrincipal() principal: Principal,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const signal = clientGoneSignal(reply);
    // Read here rather than with @Headers, which would document a second, required header.
    const acceptLanguage = reply.request.headers['accept-language'];
    await sendDocument(reply, await this.renders.render(body, principal.subject, signal, acceptLanguage));
  }
}
