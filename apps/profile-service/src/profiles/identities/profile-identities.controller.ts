import { Body, Delete, Get, HttpCode, Param, Put, Query } from '@nestjs/common';

import { Projected } from '@portal/access-level';
import { RequireRoles } from '@portal/auth';
import { ParseInt32Pipe, UpsertedResponse, UpsertRoute } from '@portal/http-context';
import { type Page, PaginatedList } from '@portal/pagination';

import { PROFILE_READERS, PROFILE_WRITER } from '../../common/access';
import { ProfileId } from '../../common/profile-path';
import {
  DeleteProfileIdentityDocs,
  IdentitiesDocs,
  ListProfileIdentitiesDocs,
  UpsertProfileIdentityDocs,
} from './identities.openapi';
import { IdentitiesService } from './identities.service';
import { ListProfileIdentitiesQueryDto, UpsertIdentityDto } from './identity.dto';
import { IdentityResponse, toIdentityResponse } from './identity.response';

export const PROFILE_IDENTITIES_PATH = 'profiles/:profileId/identities';

const IdentityProviderId = () => Param('identityProviderId', ParseInt32Pipe);

/** `/profiles/{profileId}/identities[/{identityProviderId}]` (contract 6, interfaces 4.3). */
@IdentitiesDocs()
@RequireRoles(...PROFILE_READERS)
export class ProfileIdentitiesController {
  constructor(private readonly identities: IdentitiesService) {}

  @Get()
  @ListProfileIdentitiesDocs()
  @PaginatedList(IdentityResponse, { orderByExample: 'createStamp desc,id' })
  @Projected('identity')
  async listProfileIdentities(
    @ProfileId() profileId: number,
    @Query() query: ListProfileIdentitiesQueryDto,
  ): Promise<Page<IdentityResponse>> {
    return (await this.identities.listOfProfile(profileId, query)).map(toIdentityResponse);
  }

  @Put(':identityProviderId')
  @RequireRoles(PROFILE_WRITER)
  @UpsertProfileIdentityDocs()
  @UpsertRoute(IdentityResponse)
  @Projected('identity', { queryable: false })
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
  @DeleteProfileIdentityDocs()
  async deleteProfileIdentity(
    @ProfileId() profileId: number,
    @IdentityProviderId() identityProviderId: number,
  ): Promise<void> {
    await this.identities.delete(profileId, identityProviderId);
  }
}
