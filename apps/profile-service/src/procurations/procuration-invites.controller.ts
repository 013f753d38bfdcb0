import { Body, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';

import { Projected } from '@portal/access-level';
import { RequireRoles } from '@portal/auth';
import { createdAt, createdInCollection, resourcePath } from '@portal/http-context';

import { PROFILE_READERS, PROFILE_WRITER } from '../common/access';
import { ProcurationResponse, toProcurationResponse } from './dto/procuration.response';
import {
  ApproveProcurationInviteDto,
  ConsumeProcurationInviteDto,
  CreateProcurationInviteDto,
} from './dto/procuration-invite.dto';
import { ProcurationInviteResponse, toProcurationInviteResponse } from './dto/procuration-invite.response';
import { ProcurationInvitesService } from './procuration-invites.service';
import {
  ApproveProcurationInviteDocs,
  ConsumeProcurationInviteDocs,
  CreateProcurationInviteDocs,
  ProcurationInvitesDocs,
  ReadProcurationInviteDocs,
} from './procuration-invites.openapi';

export const PROCURATION_INVITES_PATH = 'procuration-invites';

const Token = (): ParameterDecorator => Param('token');

/** `/procuration-invites[/{token}[/consume|/approve]]` (contract 6). */
@ProcurationInvitesDocs()
@RequireRoles(PROFILE_WRITER)
export class ProcurationInvitesController {
  constructor(private readonly invites: ProcurationInvitesService) {}

  @Post()
  @CreateProcurationInviteDocs()
  @Projected('procurationInvite', { queryable: false })
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
  @ReadProcurationInviteDocs()
  @Projected('procurationInvite')
  async readProcurationInvite(@Token() token: string): Promise<ProcurationInviteResponse> {
    return toProcurationInviteResponse(await this.invites.get(token));
  }

  @Post(':token/consume')
  @HttpCode(200)
  @ConsumeProcurationInviteDocs()
  @Projected('procurationInvite', { queryable: false })
  async consumeProcurationInvite(
    @Token() token: string,
    @Body() body: ConsumeProcurationInviteDto,
  ): Promise<ProcurationInviteResponse> {
    return toProcurationInviteResponse(await this.invites.consume(token, body));
  }

  @Post(':token/approve')
  @HttpCode(201)
  @ApproveProcurationInviteDocs()
  @Projected('procuration', { queryable: false })
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
