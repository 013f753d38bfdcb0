import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';

import { RequireRoles } from '@portal/auth';
import { ApiProblemResponses } from '@portal/problem-details';

import { CONTENT_TYPES } from '../rendering/formats';
import { MAX_WARNINGS, WARNING_SEPARATOR } from '../rendering/render-warnings';
import { RenderRequestDto } from './dto/render-request.dto';
import { RenderService } from './render.service';

export const RENDER_RENDER = 'RenderApi_Render';

/** Names the template (and version) that produced the document; for txt it is the only record. */
export const TEMPLATE_HEADER = 'X-Render-Template';

/** What the document could not honour of its template (CSS a pdf cannot draw); absent when nothing. */
export const WARNINGS_HEADER = 'X-Render-Warnings';

const binary = { schema: { type: 'string', format: 'binary' } };

@ApiTags('Render')
@ApiExtraModels(RenderRequestDto)
@ApiProblemResponses(401, 403)
@Controller('v10-0/render')
export class RenderController {
  constructor(private readonly renders: RenderService) {}

  @Post()
  @HttpCode(200)
  @RequireRoles(RENDER_RENDER)
  @ApiOperation({
    summary: 'Render a document from data and a template (inline or saved)',
    description:
      'Answers the document itself with its Content-Type and `Content-Disposition: attachment; filename="document.<ext>"`. ' +
      `The ${TEMPLATE_HEADER} header names the template and version that produced it (also recorded inside: ` +
      'the PDF information field `Template`, an HTML `<meta name="render-template">`).',
  })
  @ApiProduces(...Object.values(CONTENT_TYPES))
  @ApiOkResponse({
    description: 'The document.',
    content: Object.fromEntries(Object.values(CONTENT_TYPES).map((type) => [type, binary])),
    headers: {
      'Content-Disposition': {
        description: 'attachment; filename="document.<pdf|html|txt>"',
        schema: { type: 'string' },
      },
      [TEMPLATE_HEADER]: {
        description: '`name@version`, or `inline@sha256:<16 hex digits>`.',
        schema: { type: 'string' },
      },
      [WARNINGS_HEADER]: {
        description:
          'Present when the document could not honour part of its template, e.g. CSS properties a PDF cannot draw: ' +
          `the warnings, separated by '${WARNING_SEPARATOR}', at most ${MAX_WARNINGS} (then 'and N more'), printable ASCII.`,
        schema: { type: 'string' },
      },
    },
  })
  @ApiProblemResponses(400, 404, 413, 415, 422, 429)
  async renderDocument(@Body() body: RenderRequestDto, @Res() reply: FastifyReply): Promise<void> {
    const clientGone = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) clientGone.abort();
    });
    const document = await this.renders.render(body, clientGone.signal);
    if (document.warnings.length > 0)
      reply.header(WARNINGS_HEADER, document.warnings.join(WARNING_SEPARATOR));
    await reply
      .status(200)
      .header('content-type', document.contentType)
      .header('content-disposition', `attachment; filename="${document.fileName}"`)
      .header(TEMPLATE_HEADER, document.templateLabel)
      .send(Buffer.from(document.bytes.buffer, document.bytes.byteOffset, document.bytes.byteLength));
  }
}
