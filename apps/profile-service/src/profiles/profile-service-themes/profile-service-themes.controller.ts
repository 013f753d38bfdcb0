import { Get, Query } from '@nestjs/common';

import { Projected } from '@portal/access-level';
import { RequireRoles } from '@portal/auth';
import { type Page, PaginatedList } from '@portal/pagination';

import {
  ServiceThemeResponse,
  SERVICE_THEME_RESOURCE,
} from '../../catalogue/service-themes/service-theme.response';
import { PROFILE_READERS } from '../../common/access';
import { toResponse } from '../../common/crud/resource-definition';
import { ProfileId } from '../../common/profile-path';
import { ListProfileServiceThemesQueryDto } from './profile-service-theme.dto';
import { ListProfileServiceThemesDocs, ProfileServiceThemesDocs } from './profile-service-themes.openapi';
import { ProfileServiceThemesService } from './profile-service-themes.service';

export const PROFILE_SERVICE_THEMES_PATH = 'profiles/:profileId/service-themes';

/** `GET /profiles/{profileId}/service-themes` (contract 6, interfaces 4.3). */
@ProfileServiceThemesDocs()
@RequireRoles(...PROFILE_READERS)
export class ProfileServiceThemesController {
  constructor(private readonly themes: ProfileServiceThemesService) {}

  @Get()
  @ListProfileServiceThemesDocs()
  @PaginatedList(ServiceThemeResponse)
  @Projected('serviceTheme')
  async listProfileServiceThemes(
    @ProfileId() profileId: number,
    @Query() query: ListProfileServiceThemesQueryDto,
  ): Promise<Page<ServiceThemeResponse>> {
    return (await this.themes.list(profileId, query)).map((theme) =>
      toResponse(SERVICE_THEME_RESOURCE, theme),
    );
  }
}
