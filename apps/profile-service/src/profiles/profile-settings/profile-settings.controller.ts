import { Body, Delete, Get, HttpCode, Param, Put, Query } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { Projected, ProjectionLevel } from '@portal/access-level';
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
import { DEMO_SECOND_PROFILE, ProfileId, ProfileIdParam } from '../../common/profile-path';
import { ListServiceSettingsQueryDto } from '../../settings/service-setting.dto';
import { UpsertServiceSettingValueDto } from './profile-setting.dto';
import {
  ProfileServiceSettingResponse,
  ServiceSettingValueResponse,
  toProfileServiceSettingResponse,
  toServiceSettingValueResponse,
} from './profile-setting.response';
import { ProfileSettingsService } from './profile-settings.service';

export const PROFILE_SETTINGS_PATH = 'profiles/:profileId/service-settings';

const SettingId = () => Param('settingId', ParseInt32Pipe);
/** The demo catalogue's setting paperless of the service tax-return. */
const SettingIdParam = (): MethodDecorator => IdParam('settingId', 1);

/** `/profiles/{profileId}/service-settings[/{settingId}]` (contract 6, interfaces 4.3). */
@ApiTags('Service settings of a profile')
@ApiProblemResponses(401, 403)
@RequireRoles(...PROFILE_READERS)
export class ProfileSettingsController {
  constructor(private readonly settings: ProfileSettingsService) {}

  @Get()
  @ApiOperation({
    summary: 'List the service settings a profile has a value for, with the value',
    description: sentences(
      'The value of a secure setting is returned at access level 9 only. Filters `ServiceId` and `Name` as on `/service-settings`.',
      PAGING,
      ORDER_BY,
      NOT_FOUND,
      readProjection('serviceSetting'),
    ),
  })
  @ProfileIdParam()
  @PaginatedList(ProfileServiceSettingResponse)
  @Projected('serviceSetting')
  @ApiProblemResponses(400, 404)
  async listProfileServiceSettings(
    @ProfileId() profileId: number,
    @Query() query: ListServiceSettingsQueryDto,
    @ProjectionLevel() level: number,
  ): Promise<Page<ProfileServiceSettingResponse>> {
    return (await this.settings.list(profileId, query, level)).map(toProfileServiceSettingResponse);
  }

  @Get(':settingId')
  @ApiOperation({
    summary: "Read a service setting with the profile's value (404 when it has none)",
    description: sentences(
      'The value of a secure setting is returned at access level 9 only.',
      readProjection('serviceSetting'),
    ),
  })
  @ProfileIdParam(DEMO_SECOND_PROFILE)
  @SettingIdParam()
  @ApiOkResponse({ type: ProfileServiceSettingResponse })
  @Projected('serviceSetting')
  @ApiProblemResponses(400, 404)
  async readProfileServiceSetting(
    @ProfileId() profileId: number,
    @SettingId() settingId: number,
    @ProjectionLevel() level: number,
  ): Promise<ProfileServiceSettingResponse> {
    return toProfileServiceSettingResponse(await this.settings.get(profileId, settingId, level));
  }

  @Put(':settingId')
  @RequireRoles(PROFILE_WRITER)
  @ApiOperation({
    summary: "Set the profile's value of a service setting",
    description: sentences(
      UPSERT,
      'A value is any text of at most 4000 characters; a secure setting stores it encrypted (AES-256-GCM) and ' +
        'returns it at access level 9 only.',
      NOT_FOUND,
      writeProjection('serviceSettingValue'),
    ),
  })
  @ProfileIdParam(DEMO_SECOND_PROFILE)
  @SettingIdParam()
  @ApiBodyExamples(UpsertServiceSettingValueDto, {
    paperless: {
      summary: 'Profile 1 receives its tax documents only electronically (demo setting 1, paperless)',
      value: { value: 'true', createdBy: 'luca.bernasconi' },
    },
  })
  @UpsertRoute(ServiceSettingValueResponse)
  @Projected('serviceSettingValue', { queryable: false })
  @ApiProblemResponses(400, 404, 413, 415)
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
  @ApiOperation({ summary: "Delete the profile's value of a service setting", description: NOT_FOUND })
  @ProfileIdParam(DEMO_SECOND_PROFILE)
  @SettingIdParam()
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiProblemResponses(400, 404)
  async deleteProfileServiceSettingValue(
    @ProfileId() profileId: number,
    @SettingId() settingId: number,
  ): Promise<void> {
    await this.settings.delete(profileId, settingId);
  }
}
