import { applyDecorators } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';

import { ApiBodyExamples } from '@portal/http-context';
import { ApiProblemResponses } from '@portal/problem-details';

import {
  readProjection,
  ResourceDocs,
  sentences,
  WriteDocs,
  writeProjection,
} from '../common/operation-docs';
import {
  ApproveProcurationInviteDto,
  ConsumeProcurationInviteDto,
  CreateProcurationInviteDto,
} from './dto/procuration-invite.dto';
import { ProcurationInviteResponse } from './dto/procuration-invite.response';
import { ProcurationResponse } from './dto/procuration.response';
import { INVITE_VALIDITY_DAYS } from './procuration-invites.service';

export const ProcurationInvitesDocs = (): ClassDecorator => ResourceDocs('Procuration invites');

const TokenParam = (): MethodDecorator =>
  ApiParam({
    name: 'token',
    type: String,
    description: 'The token the create answered with (43 characters, base64url).',
    example: 'Vq3kT0b9xYc2LmN8pRsU5wZ1aE4fH7jK6dG0iO2uQyA',
  });

const REFUSED = 'An expired invite, or one consumed or approved already, is a 400; an unknown token a 404.';

export const CreateProcurationInviteDocs = (): MethodDecorator =>
  applyDecorators(
    ApiOperation({
      summary: 'Invite a representative',
      description: sentences(
        'Answers 201 with the `token`: 256 random bits, returned this once and stored only as its SHA-256 digest.',
        `\`expirationStamp\` defaults to ${INVITE_VALIDITY_DAYS} days ahead. Each of \`serviceIds\` must be a service the`,
        'principal reaches and that has `isProcurationAvailable` (else 400 on its index).',
        writeProjection('procurationInvite'),
      ),
    }),
    ApiBodyExamples(CreateProcurationInviteDto, {
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
    }),
    ApiCreatedResponse({ type: ProcurationInviteResponse, description: 'With the token.' }),
    ApiProblemResponses(400, 413, 415),
  );

export const ReadProcurationInviteDocs = (): MethodDecorator =>
  applyDecorators(
    ApiOperation({
      summary: 'Read an invite by its token',
      description: sentences(
        'The token itself is not returned. An unknown token is a 404, found with the same work as a known one.',
        readProjection('procurationInvite'),
      ),
    }),
    TokenParam(),
    ApiOkResponse({ type: ProcurationInviteResponse }),
    ApiProblemResponses(404),
  );

export const ConsumeProcurationInviteDocs = (): MethodDecorator =>
  applyDecorators(
    WriteDocs(
      {
        summary: 'Take an invite (the representative)',
        description: sentences(
          'Sets the representative, `consumptionStamp` and `isReadyForApproval`. For an organization representative,',
          '`consumerInOrgProfileId` names the person acting for it; its names are kept as `consumerInOrgFirstname`/`Lastname`.',
          REFUSED,
          writeProjection('procurationInvite'),
        ),
      },
      ConsumeProcurationInviteDto,
      {
        company: {
          summary: 'Schreinerei Huber GmbH (demo profile 2) takes the invite',
          value: {
            representativeProfileId: 2,
            messageToPrincipal: 'Gerne übernehmen wir Ihre Steuererklärung.',
            updatedBy: 'sandra.huber',
          },
        },
      },
      TokenParam(),
    ),
    ApiOkResponse({ type: ProcurationInviteResponse }),
  );

export const ApproveProcurationInviteDocs = (): MethodDecorator =>
  applyDecorators(
    WriteDocs(
      {
        summary: 'Approve a consumed invite (the principal): creates the procuration',
        description: sentences(
          "Creates the procuration from the principal to the representative with the invite's services (valid from now),",
          'in one transaction; 400 when the invite is not consumed yet or the procuration exists.',
          REFUSED,
          writeProjection('procuration'),
        ),
      },
      ApproveProcurationInviteDto,
      { approve: { summary: 'Marco Rossi approves', value: { updatedBy: 'marco.rossi' } } },
      TokenParam(),
    ),
    ApiCreatedResponse({
      type: ProcurationResponse,
      description: 'The procuration, with its procurationServices.',
    }),
  );
