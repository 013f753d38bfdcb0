import { Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';

import { Projected } from '@portal/access-level';
import { RequireRoles } from '@portal/auth';
import { type Page, PaginatedList } from '@portal/pagination';
import { ApiProblemResponses } from '@portal/problem-details';

import { PROFILE_READERS } from '../../common/access';
import { ORDER_BY, PAGING, readProjection, sentences } from '../../common/operation-docs';
import { IdentitiesService } from './identities.service';
import { ListIdentitiesQueryDto } from './identity.dto';
import { IdentityResponse, toIdentityResponse } from './identity.response';

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
  @PaginatedList(IdentityResponse, { orderByExample: 'createStamp desc,id' })
  @Projected('identity')
  @ApiProblemResponses(400)
  async listIdentities(@Query() query: ListIdentitiesQueryDto): Promise<Page<IdentityResponse>> {
    return (await this.identities.list(query)).map(toIdentityResponse);
  }
}
