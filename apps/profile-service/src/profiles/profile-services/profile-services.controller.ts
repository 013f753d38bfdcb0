import { Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { Projected } from '@portal/access-level';
import { RequireRoles } from '@portal/auth';
import { ParseInt32Pipe } from '@portal/http-context';
import { type Page, PaginatedList } from '@portal/pagination';
import { ApiProblemResponses } from '@portal/problem-details';

import { PROFILE_READERS } from '../../common/access';
import { IdParam } from '../../common/operation-docs';
import { ProfileId, ProfileIdParam } from '../../common/profile-path';
import { ListProfileServicesQueryDto, ReadProfileServiceQueryDto } from './profile-service.dto';
import { ProfileServiceResponse, toProfileServiceResponse } from './profile-service.response';
import { ProfileServicesService } from './profile-services.service';

export const PROFILE_SERVICES_PATH = 'profiles/:profileId/services';

/** `/profiles/{profileId}/services[/{serviceId}]` (contract 6, interfaces 4.3): read only. */
@ApiTags('Services of a profile')
@ApiProblemResponses(401, 403)
@RequireRoles(...PROFILE_READERS)
export class ProfileServicesController {
  constructor(private readonly profileServices: ProfileServicesService) {}

  @Get()
  @ApiOperation({
    summary: 'List the services a profile reaches',
    description:
      'A profile reaches a service when it holds a role, in force since its `validityStartStamp`, that a ' +
      'service role grants. OrderBy takes the service properties and `serviceTheme.sortOrder`, ' +
      '`serviceTheme.name`, `serviceTheme.displayName`.',
  })
  @ProfileIdParam()
  @PaginatedList(ProfileServiceResponse)
  @Projected('service')
  @ApiProblemResponses(400, 404)
  async listProfileServices(
    @ProfileId() profileId: number,
    @Query() query: ListProfileServicesQueryDto,
  ): Promise<Page<ProfileServiceResponse>> {
    const { services, parts, expand } = await this.profileServices.list(profileId, query);
    return services.map((service) => toProfileServiceResponse(service, expand, parts));
  }

  @Get(':serviceId')
  @ApiOperation({ summary: 'Read a service the profile reaches (404 when it does not reach it)' })
  @ProfileIdParam()
  @IdParam('serviceId', 1)
  @ApiOkResponse({ type: ProfileServiceResponse })
  @Projected('service')
  @ApiProblemResponses(400, 404)
  async readProfileService(
    @ProfileId() profileId: number,
    @Param('serviceId', ParseInt32Pipe) serviceId: number,
    @Query() query: ReadProfileServiceQueryDto,
  ): Promise<ProfileServiceResponse> {
    const { services, parts, expand } = await this.profileServices.get(profileId, serviceId, query);
    return toProfileServiceResponse(services, expand, parts);
  }
}
