import { Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';

import { Projected } from '@portal/access-level';
import { RequireRoles } from '@portal/auth';
import { type Page, PaginatedList } from '@portal/pagination';
import { ApiProblemResponses } from '@portal/problem-details';

import { PROFILE_READERS } from '../common/access';
import { toResponse } from '../common/crud/resource-definition';
import { ORDER_BY, PAGING, readProjection, sentences } from '../common/operation-docs';
import { ACCOUNT_RESOURCE } from '../profiles/account.response';
import { IDENTIFICATION_LEVEL_RESOURCE } from '../reference-data/identification-levels/identification-levels.service';
import { IDENTITY_RESOURCE, IdentitiesService } from './identities.service';
import type { IdentityEntity } from './identity.entity';
import { IdentityResponse, ListIdentitiesQueryDto } from './identity.dto';

/** `GET /identities` (contract 6): list only; identities are written through their profile. */
@ApiTags('Identities')
@ApiProblemResponses(401, 403)
@RequireRoles(...PROFILE_READERS)
export class IdentitiesController {
  constructor(private readonly identities: IdentitiesService) {}

  @Get()
  @ApiOperation({
    summary: 'List identities, by external id or identity provider name',
    description: sentences(
      'The identities of every person profile; they are written through their profile.',
      'Filters: `ExternalId` (exact); `IdpName`: the identities of the provider of this name (case-insensitive equality).',
      '`Expand=Account` and `Expand=IdentificationLevel` include those objects, projected by their own entity keys.',
      PAGING,
      ORDER_BY,
      readProjection('identity'),
    ),
  })
  @PaginatedList(IdentityResponse)
  @Projected('identity')
  @ApiProblemResponses(400)
  async listIdentities(@Query() query: ListIdentitiesQueryDto): Promise<Page<Record<string, unknown>>> {
    return (await this.identities.list(query)).map(toIdentityResponse);
  }
}

export function toIdentityResponse(identity: IdentityEntity): Record<string, unknown> {
  const response = toResponse(IDENTITY_RESOURCE, identity);
  if (identity.identificationLevel) {
    response['identificationLevel'] = toResponse(IDENTIFICATION_LEVEL_RESOURCE, identity.identificationLevel);
  }
  if (identity.account) response['account'] = toResponse(ACCOUNT_RESOURCE, identity.account);
  return response;
}
