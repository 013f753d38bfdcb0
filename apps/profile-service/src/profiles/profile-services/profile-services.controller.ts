import { Get, Param, Query } from '@nestjs/common';

import { Projected } from '@portal/access-level';
import { RequireRoles } from '@portal/auth';
import { ParseInt32Pipe } from '@portal/http-context';
import { type Page, PaginatedList } from '@portal/pagination';

import { PROFILE_READERS } from '../../common/access';
import { ProfileId } from '../../common/profile-path';
import { ListProfileServicesQueryDto, ReadProfileServiceQueryDto } from './profile-service.dto';
import { ProfileServiceResponse, toProfileServiceResponse } from './profile-service.response';
import {
  ListProfileServicesDocs,
  ProfileServicesDocs,
  ReadProfileServiceDocs,
} from './profile-services.openapi';
import { ProfileServicesService } from './profile-services.service';

export const PROFILE_SERVICES_PATH = 'profiles/:profileId/services';

/** `/profiles/{profileId}/services[/{serviceId}]` (contract 6, interfaces 4.3): read only. */
@ProfileServicesDocs()
@RequireRoles(...PROFILE_READERS)
export class ProfileServicesController {
  constructor(private readonly profileServices: ProfileServicesService) {}

  @Get()
  @ListProfileServicesDocs()
  @PaginatedList(ProfileServiceResponse)
  @Projected('service')
  async listProfileServices(
    @ProfileId() profileId: number,
    @Query() query: ListProfileServicesQueryDto,
  ): Promise<Page<ProfileServiceResponse>> {
    const { services, parts, expand } = await this.profileServices.list(profileId, query);
    return services.map((service) => toProfileServiceResponse(service, expand, parts));
  }

  @Get(':serviceId')
  @ReadProfileServiceDocs()
  @Projected('service')
  async readProfileService(
    @ProfileId() profileId: number,
    @Param('serviceId', ParseInt32Pipe) serviceId: number,
    @Query() query: ReadProfileServiceQueryDto,
  ): Promise<ProfileServiceResponse> {
    const { services, parts, expand } = await this.profileServices.get(profileId, serviceId, query);
    return toProfileServiceResponse(services, expand, parts);
  }
}
