import { Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';

import { Projected } from '@portal/access-level';
import { RequireRoles } from '@portal/auth';
import { type Page, PaginatedList } from '@portal/pagination';
import { ApiProblemResponses } from '@portal/problem-details';

import {
  ServiceThemeResponse,
  SERVICE_THEME_RESOURCE,
} from '../../catalogue/service-themes/service-theme.response';
import { PROFILE_READERS } from '../../common/access';
import { toResponse } from '../../common/crud/resource-definition';
import { ProfileId, ProfileIdParam } from '../../common/profile-path';
import { ListProfileServiceThemesQueryDto } from './profile-service-theme.dto';
import { ProfileServiceThemesService } from './profile-service-themes.service';

export const PROFILE_SERVICE_THEMES_PATH = 'profiles/:profileId/service-themes';

/** `GET /profiles/{profileId}/service-themes` (contract 6, interfaces 4.3). */
@ApiTags('Services of a profile')
@ApiProblemResponses(401, 403)
@RequireRoles(...PROFILE_READERS)
export class ProfileServiceThemesController {
  constructor(private readonly themes: ProfileServiceThemesService) {}

  @Get()
  @ApiOperation({
    summary: "List the themes of the profile's services",
    description: 'The themes with at least one service the profile reaches (see the services of a profile).',
  })
  @ProfileIdParam()
  @PaginatedList(ServiceThemeResponse)
  @Projected('serviceTheme')
  @ApiProblemResponses(400, 404)
  async listProfileServiceThemes(
    @ProfileId() profileId: number,
    @Query() query: ListProfileServiceThemesQueryDto,
  ): Promise<Page<ServiceThemeResponse>> {
    return (await this.themes.list(profileId, query)).map((theme) =>
      toResponse(SERVICE_THEME_RESOURCE, theme),
    );
  }
}
