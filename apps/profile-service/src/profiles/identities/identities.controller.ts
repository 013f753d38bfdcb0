import { Get, Query } from '@nestjs/common';

import { Projected } from '@portal/access-level';
import { RequireRoles } from '@portal/auth';
import { type Page, PaginatedList } from '@portal/pagination';

import { PROFILE_READERS } from '../../common/access';
import { IdentitiesDocs, ListIdentitiesDocs } from './identities.openapi';
import { IdentitiesService } from './identities.service';
import { ListIdentitiesQueryDto } from './identity.dto';
import { IdentityResponse, toIdentityResponse } from './identity.response';

/** `GET /identities` (contract 6): list only; identities are written through their profile. */
@IdentitiesDocs()
@RequireRoles(...PROFILE_READERS)
export class IdentitiesController {
  constructor(private readonly identities: IdentitiesService) {}

  @Get()
  @ListIdentitiesDocs()
  @PaginatedList(IdentityResponse, { orderByExample: 'createStamp desc,id' })
  @Projected('identity')
  async listIdentities(@Query() query: ListIdentitiesQueryDto): Promise<Page<IdentityResponse>> {
    return (await this.identities.list(query)).map(toIdentityResponse);
  }
}
