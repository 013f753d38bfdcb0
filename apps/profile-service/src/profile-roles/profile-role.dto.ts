import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

import { CreatedBy } from '@portal/http-context';
import { PageQueryDto } from '@portal/pagination';

import { RoleResponse } from '../reference-data/roles/role.dto';
import { AuditedResponse } from '../common/audited.response';
import { OptionalDateTime } from '../common/body-fields';
import { PROFILE_ROLE_SOURCES, type ProfileRoleSource } from '../common/domain-enums';
import { ExpandFilter } from '../common/expand';

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

/** How a profile holds a role (entity key `profileRole`). */
export class ProfileRoleResponse extends AuditedResponse {
  @ApiProperty({ type: 'integer' }) readonly profileId: number;
  @ApiProperty({ type: 'integer' }) readonly roleId: number;
  @ApiProperty({ format: 'date-time', description: 'The role grants its services from then on.' })
  readonly validityStartStamp: string;
  @ApiProperty({
    enum: PROFILE_ROLE_SOURCES,
    description:
      "Direct: given to the profile; OrgCategory: given by its organization's category (taken back when the category loses the role).",
  })
  readonly source: ProfileRoleSource;
}

/** A role as read for a profile (entity key `role`). */
export class HeldRoleResponse extends RoleResponse {
  @ApiPropertyOptional({ type: ProfileRoleResponse, description: 'With Expand=ProfileRole.' })
  readonly profileRole?: ProfileRoleResponse;
}
