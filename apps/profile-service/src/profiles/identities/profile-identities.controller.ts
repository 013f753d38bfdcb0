import { Body, Delete, Get, HttpCode, Param, Put, Query } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { Projected } from '@portal/access-level';
import { RequireRoles } from '@portal/auth';
import { ApiBodyExamples, ParseInt32Pipe, UpsertedResponse, UpsertRoute } from '@portal/http-context';
import { type Page, PaginatedList } from '@portal/pagination';
import { ApiProblemResponses } from '@portal/problem-details';

import { PROFILE_READERS, PROFILE_WRITER } from '../../common/access';
import {
  IdParam,
  NOT_FOUND,
  ORDER_BY,
  PAGING,
  readProjection,
  sentences,
  UPSERT,
  writeProjection,
} from '../../common/operation-docs';
import { ProfileId, ProfileIdParam } from '../../common/profile-path';
import { IdentitiesService } from './identities.service';
import { ListProfileIdentitiesQueryDto, UpsertIdentityDto } from './identity.dto';
import { IdentityResponse, toIdentityResponse } from './identity.response';

export const PROFILE_IDENTITIES_PATH = 'profiles/:profileId/identities';

const IdentityProviderId = () => Param('identityProviderId', ParseInt32Pipe);
/** The demo catalogue's provider AGOV. */
const IdentityProviderIdParam = (): MethodDecorator => IdParam('identityProviderId', 1);

/** `/profiles/{profileId}/identities[/{identityProviderId}]` (contract 6, interfaces 4.3). */
@ApiTags('Identities')
@ApiProblemResponses(401, 403)
@RequireRoles(...PROFILE_READERS)
export class ProfileIdentitiesController {
  constructor(private readonly identities: IdentitiesService) {}

  @Get()
  @ApiOperation({
    summary: 'List the identities of a profile',
    description: sentences(
      '`Expand=Account` and `Expand=IdentificationLevel` include those objects, projected by their own entity keys.',
      PAGING,
      ORDER_BY,
      NOT_FOUND,
      readProjection('identity'),
    ),
  })
  @ProfileIdParam()
  @PaginatedList(IdentityResponse, { orderByExample: 'createStamp desc,id' })
  @Projected('identity')
  @ApiProblemResponses(400, 404)
  async listProfileIdentities(
    @ProfileId() profileId: number,
    @Query() query: ListProfileIdentitiesQueryDto,
  ): Promise<Page<IdentityResponse>> {
    return (await this.identities.listOfProfile(profileId, query)).map(toIdentityResponse);
  }

  @Put(':identityProviderId')
  @RequireRoles(PROFILE_WRITER)
  @ApiOperation({
    summary: 'Link a person profile to an identity provider, or update its link',
    description: sentences(
      UPSERT,
      'The identity belongs to the profile and its account. `externalId` is unique per identity provider ' +
        '(400 on `externalId` when another profile holds it); an organization profile has no identities (400 on ' +
        '`profileId`); an unknown identification level is a 400 on `identificationLevelId`.',
      NOT_FOUND,
      writeProjection('identity'),
    ),
  })
  @ProfileIdParam()
  @IdentityProviderIdParam()
  @ApiBodyExamples(UpsertIdentityDto, {
    agov: {
      summary:
        'Profile 1 signs in with AGOV (demo provider 1), identified at level Substantial (demo level 3)',
      value: {
        identificationLevelId: 3,
        externalId: 'agov-4f1c9e27-8d52',
        metadata: { loginEmail: 'anna.muster@bluewin.ch', assuranceLevel: 'substantial' },
        createdBy: 'luca.bernasconi',
      },
    },
  })
  @UpsertRoute(IdentityResponse)
  @Projected('identity', { queryable: false })
  @ApiProblemResponses(400, 404, 413, 415)
  async upsertProfileIdentity(
    @ProfileId() profileId: number,
    @IdentityProviderId() identityProviderId: number,
    @Body() body: UpsertIdentityDto,
  ): Promise<UpsertedResponse<IdentityResponse>> {
    const upserted = await this.identities.upsert(profileId, identityProviderId, body);
    return UpsertedResponse.of(upserted, toIdentityResponse);
  }

  @Delete(':identityProviderId')
  @HttpCode(204)
  @RequireRoles(PROFILE_WRITER)
  @ApiOperation({ summary: 'Unlink a profile from an identity provider', description: NOT_FOUND })
  @ProfileIdParam()
  @IdentityProviderIdParam()
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiProblemResponses(400, 404)
  async deleteProfileIdentity(
    @ProfileId() profileId: number,
    @IdentityProviderId() identityProviderId: number,
  ): Promise<void> {
    await this.identities.delete(profileId, identityProviderId);
  }
}
