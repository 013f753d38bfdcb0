import { Body, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';

import { Projected } from '@portal/access-level';
import { RequireRoles } from '@portal/auth';
import { ApiBodyExamples, createdAt, createdInCollection, resourcePath } from '@portal/http-context';
import { ApiProblemResponses } from '@portal/problem-details';

import { PROFILE_READERS, PROFILE_WRITER } from '../common/access';
import { readProjection, sentences, writeProjection } from '../common/operation-docs';
import { ProcurationResponse, toProcurationResponse } from './dto/procuration.response';
import {
  ApproveProcurationInviteDto,
  ConsumeProcurationInviteDto,
  CreateProcurationInviteDto,
} from './dto/procuration-invite.dto';
import { ProcurationInviteResponse, toProcurationInviteResponse } from './dto/procuration-invite.response';
import { INVITE_VALIDITY_DAYS, ProcurationInvitesService } from './procuration-invites.service';

export const PROCURATION_INVITES_PATH = 'procuration-invites';

const TOKEN_EXAMPLE = 'Vq3kT0b9xYc2LmN8pRsU5wZ1aE4fH7jK6dG0iO2uQyA';
const TokenParam = (): MethodDecorator =>
  ApiParam({
    name: 'token',
    type: String,
    description: 'The token the create answered with (43 characters, base64url).',
    example: TOKEN_EXAMPLE,
  });
const Token = (): ParameterDecorator => Param('token');

const REFUSED = 'An expired invite, or one consumed or approved already, is a 400; an unknown token a 404.';

/** `/procuration-invites[/{token}[/consume|/approve]]` (contract 6). */
@ApiTags('Procuration invites')
@ApiProblemResponses(401, 403)
@RequireRoles(PROFILE_WRITER)
export class ProcurationInvitesController {
  constructor(private readonly invites: ProcurationInvitesService) {}

  @Post()
  @ApiOperation({
    summary: 'Invite a representative',
    description: sentences(
      'Answers 201 with the `token`: 256 random bits, returned this once and stored only as its SHA-256 digest.',
      `\`expirationStamp\` defaults to ${INVITE_VALIDITY_DAYS} days ahead. Each of \`serviceIds\` must be a service the`,
      'principal reaches and that has `isProcurationAvailable` (else 400 on its index).',
      writeProjection('procurationInvite'),
    ),
  })
  @ApiBodyExamples(CreateProcurationInviteDto, {
    taxes: {
      summary: 'Marco Rossi (demo profile 1) invites someone to handle his tax return and payment',
      value: {
        principalProfileId: 1,
        description: 'Steuererklärung 2026',
        representativeEmail: 'treuhand@weber-partner.ch',
        serviceIds: [1, 2],
        createdBy: 'marco.rossi',
      },
    },
  })
  @ApiCreatedResponse({ type: ProcurationInviteResponse, description: 'With the token.' })
  @Projected('procurationInvite', { queryable: false })
  @ApiProblemResponses(400, 413, 415)
  async createProcurationInvite(
    @Body() body: CreateProcurationInviteDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ProcurationInviteResponse> {
    const { invite, token } = await this.invites.create(body);
    // An invite is addressed by its token (GET /procuration-invites/{token}).
    createdInCollection(reply, token);
    return { ...toProcurationInviteResponse(invite), token };
  }

  @Get(':token')
  @RequireRoles(...PROFILE_READERS)
  @ApiOperation({
    summary: 'Read an invite by its token',
    description: sentences(
      'The token itself is not returned. An unknown token is a 404, found with the same work as a known one.',
      readProjection('procurationInvite'),
    ),
  })
  @TokenParam()
  @ApiOkResponse({ type: ProcurationInviteResponse })
  @Projected('procurationInvite')
  @ApiProblemResponses(404)
  async readProcurationInvite(@Token() token: string): Promise<ProcurationInviteResponse> {
    return toProcurationInviteResponse(await this.invites.get(token));
  }

  @Post(':token/consume')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Take an invite (the representative)',
    description: sentences(
      'Sets the representative, `consumptionStamp` and `isReadyForApproval`. For an organization representative,',
      '`consumerInOrgProfileId` names the person acting for it; its names are kept as `consumerInOrgFirstname`/`Lastname`.',
      REFUSED,
      writeProjection('procurationInvite'),
    ),
  })
  @TokenParam()
  @ApiBodyExamples(ConsumeProcurationInviteDto, {
    company: {
      summary: 'Schreinerei Huber GmbH (demo profile 2) takes the invite',
      value: {
        representativeProfileId: 2,
        messageToPrincipal: 'Gerne übernehmen wir Ihre Steuererklärung.',
        updatedBy: 'sandra.huber',
      },
    },
  })
  @ApiOkResponse({ type: ProcurationInviteResponse })
  @Projected('procurationInvite', { queryable: false })
  @ApiProblemResponses(400, 404, 413, 415)
  async consumeProcurationInvite(
    @Token() token: string,
    @Body() body: ConsumeProcurationInviteDto,
  ): Promise<ProcurationInviteResponse> {
    return toProcurationInviteResponse(await this.invites.consume(token, body));
  }

  @Post(':token/approve')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Approve a consumed invite (the principal): creates the procuration',
    description: sentences(
      "Creates the procuration from the principal to the representative with the invite's services (valid from now),",
      'in one transaction; 400 when the invite is not consumed yet or the procuration exists.',
      REFUSED,
      writeProjection('procuration'),
    ),
  })
  @TokenParam()
  @ApiBodyExamples(ApproveProcurationInviteDto, {
    approve: { summary: 'Marco Rossi approves', value: { updatedBy: 'marco.rossi' } },
  })
  @ApiCreatedResponse({
    type: ProcurationResponse,
    description: 'The procuration, with its procurationServices.',
  })
  @Projected('procuration', { queryable: false })
  @ApiProblemResponses(400, 404, 413, 415)
  async approveProcurationInvite(
    @Token() token: string,
    @Body() body: ApproveProcurationInviteDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ProcurationResponse> {
    const procuration = await this.invites.approve(token, body);
    createdAt(
      reply,
      resourcePath(reply.request, [
        'profiles',
        procuration.procuration.principalProfileId,
        'outbound-procurations',
        procuration.procuration.representativeProfileId,
      ]),
    );
    return toProcurationResponse(procuration);
  }
}
