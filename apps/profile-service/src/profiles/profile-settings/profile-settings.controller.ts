import { Body, Delete, Get, HttpCode, Param, Put, Query } from '@nestjs/common';

import { Projected, ProjectionLevel } from '@portal/access-level';
import { RequireRoles } from '@portal/auth';
import { ParseInt32Pipe, UpsertedResponse, UpsertRoute } from '@portal/http-context';
import { type Page, PaginatedList } from '@portal/pagination';

import { PROFILE_READERS, PROFILE_WRITER } from '../../common/access';
import { ProfileId } from '../../common/profile-path';
import { ListServiceSettingsQueryDto } from '../../settings/dto/service-setting.dto';
import { UpsertServiceSettingValueDto } from './profile-setting.dto';
import {
  ProfileServiceSettingResponse,
  ServiceSettingValueResponse,
  toProfileServiceSettingResponse,
  toServiceSettingValueResponse,
} from './profile-setting.response';
import {
  DeleteProfileServiceSettingValueDocs,
  ListProfileServiceSettingsDocs,
  ProfileSettingsDocs,
  ReadProfileServiceSettingDocs,
  UpsertProfileServiceSettingValueDocs,
} from './profile-settings.openapi';
import { ProfileSettingsService } from './profile-settings.service';

export const PROFILE_SETTINGS_PATH = 'profiles/:profileId/service-settings';

const SettingId = () => Param('settingId', ParseInt32Pipe);

/** `/profiles/{profileId}/service-settings[/{settingId}]` (contract 6, interfaces 4.3). */
@ProfileSettingsDocs()
@RequireRoles(...PROFILE_READERS)
export class ProfileSettingsController {
  constructor(private readonly settings: ProfileSettingsService) {}

  @Get()
  @ListProfileServiceSettingsDocs()
  @PaginatedList(ProfileServiceSettingResponse)
  @Projected('serviceSetting')
  async listProfileServiceSettings(
    @ProfileId() profileId: number,
    @Query() query: ListServiceSettingsQueryDto,
    @ProjectionLevel() level: number,
  ): Promise<Page<ProfileServiceSettingResponse>> {
    return (await this.settings.list(profileId, query, level)).map(toProfileServiceSettingResponse);
  }

  @Get(':settingId')
  @ReadProfileServiceSettingDocs()
  @Projected('serviceSetting')
  async readProfileServiceSetting(
    @ProfileId() profileId: number,
    @SettingId() settingId: number,
    @ProjectionLevel() level: number,
  ): Promise<ProfileServiceSettingResponse> {
    return toProfileServiceSettingResponse(await this.settings.get(profileId, settingId, level));
  }

  @Put(':settingId')
  @RequireRoles(PROFILE_WRITER)
  @UpsertProfileServiceSettingValueDocs()
  @UpsertRoute(ServiceSettingValueResponse)
  @Projected('serviceSettingValue', { queryable: false })
  async upsertProfileServiceSettingValue(
    @ProfileId() profileId: number,
    @SettingId() settingId: number,
    @Body() body: UpsertServiceSettingValueDto,
    @ProjectionLevel() level: number,
  ): Promise<UpsertedResponse<ServiceSettingValueResponse>> {
    const upserted = await this.settings.upsert(profileId, settingId, body, level);
    return UpsertedResponse.of(
      { record: upserted, created: upserted.created },
      toServiceSettingValueResponse,
    );
  }

  @Delete(':settingId')
  @HttpCode(204)
  @RequireRoles(PROFILE_WRITER)
  @DeleteProfileServiceSettingValueDocs()
  async deleteProfileServiceSettingValue(
    @ProfileId() profileId: number,
    @SettingId() settingId: number,
  ): Promise<void> {
    await this.settings.delete(profileId, settingId);
  }
}
