import { CreatedBy } from '@portal/http-context';
import { PageQueryDto } from '@portal/pagination';

import { OptionalDateTime } from '../../common/body-fields';
import { ExpandFilter } from '../../common/expand';

export const PROFILE_ROLE_EXPANSIONS = ['ProfileRole'] as const;
export type ProfileRoleExpansion = (typeof PROFILE_ROLE_EXPANSIONS)[number];

/** `PUT /profiles/{profileId}/roles/{roleId}` (interfaces 4.3). */
export class ProfileRoleBodyDto {
  @OptionalDateTime('From when the role grants its services; default: the time of the request.')
  readonly validityStartStamp?: string | null;

  @CreatedBy() readonly createdBy: string;
}

export class ReadProfileRoleQueryDto {
  @ExpandFilter(PROFILE_ROLE_EXPANSIONS, 'ProfileRole: include how the profile holds the role.')
  readonly Expand?: ProfileRoleExpansion[];
}

export class ListProfileRolesQueryDto extends PageQueryDto {
  @ExpandFilter(PROFILE_ROLE_EXPANSIONS, 'ProfileRole: include how the profile holds each role.')
  readonly Expand?: ProfileRoleExpansion[];
}
