import { OptionalText, RequiredText } from '@portal/http-context';
import { PageQueryDto } from '@portal/pagination';

import { OptionalBoolean, OptionalEnum, OptionalInt, RequiredId } from '../../../common/body-fields';
import { URL_TARGETS, type UrlTarget } from '../../../common/domain-enums';
import { BooleanFilter, IdFilter, IdsFilter, TextFilter } from '../../../common/query-filters';
import { writeBodies } from '../../../common/write-bodies';

export class ServiceFieldsDto {
  @OptionalText(50, 'Identifier of the service in its own system; unique when set.')
  readonly externalId?: string | null;

  @RequiredText(1, 100, 'Unique code name (unique case-insensitively).')
  readonly name: string;

  @RequiredText(1, 255, 'Display label; a translation term.')
  readonly displayName: string;

  @RequiredId('The identification level a person needs for the service.')
  readonly identificationLevelId: number;

  @RequiredId('The identification level an organization needs for the service.')
  readonly orgIdentificationLevelId: number;

  @RequiredId('The theme the service belongs to.')
  readonly serviceThemeId: number;

  @OptionalText(400, 'Icon of the service.')
  readonly iconPath?: string | null;

  @OptionalText(100, 'CSS class of the service tile.')
  readonly cssClass?: string | null;

  @OptionalText(400, 'Address of the service.')
  readonly url?: string | null;

  @OptionalEnum(URL_TARGETS, 'Where the service opens: Self (the same tab) or Blank (a new tab).', 'Self')
  readonly urlTarget?: UrlTarget;

  @OptionalText(100, 'Project of the service in the external issue tracker.')
  readonly trackerProjectId?: string | null;

  @OptionalBoolean('A representative may use the service through a procuration.', false)
  readonly isProcurationAvailable?: boolean;

  @OptionalBoolean('The service is in maintenance.', false)
  readonly isInMaintenance?: boolean;

  @OptionalBoolean('The service is shown in the catalogue.', true)
  readonly isShownInCatalog?: boolean;

  @OptionalBoolean('The service is run outside the portal.', false)
  readonly isExternal?: boolean;

  @OptionalBoolean('The service meets accessibility guidelines.', false)
  readonly isAccessible?: boolean;

  @OptionalBoolean('The service works on small screens.', false)
  readonly isResponsive?: boolean;

  @OptionalBoolean('The service is marked as new.', false)
  readonly isNew?: boolean;

  @OptionalBoolean('The portal navigation is shown around the service.', true)
  readonly isNavigationShown?: boolean;

  @OptionalBoolean('Support is available for the service.', false)
  readonly isSupportAvailable?: boolean;

  @OptionalBoolean('The profile manager is available in the service.', false)
  readonly isProfileManagerAvailable?: boolean;

  @OptionalText(100, 'Key of the sub-theme the service is shown under.')
  readonly subThemeKey?: string | null;

  @OptionalInt('Days until a reminder; 0 or more.', { minimum: 0, nullable: true })
  readonly daysUntilReminder?: number | null;
}

export const [CreateServiceDto, UpdateServiceDto] = writeBodies(ServiceFieldsDto, 'Service');

/** The ServiceListFilters (interfaces 4.3) of every list of services: the catalogue's and a profile's. */
export class ServiceFiltersQueryDto extends PageQueryDto {
  @IdsFilter('Only these services.')
  readonly Ids?: number[];

  @IdFilter('Only the services of this theme.')
  readonly ServiceThemeId?: number;

  @TextFilter(50, 'Only the service of this external id (exact).')
  readonly ExternalId?: string;

  @BooleanFilter('Only services shown (true) or not shown (false) in the catalogue.')
  readonly IsShownInCatalog?: boolean;

  @BooleanFilter(
    'true: only services a representative may use through a procuration (isProcurationAvailable).',
  )
  readonly IsForProcurationManagementView?: boolean;

  @BooleanFilter('Only services marked new (true) or not (false).')
  readonly IsNew?: boolean;

  @TextFilter(400, 'Only services whose url contains this text (case- and accent-insensitive).')
  readonly UrlContains?: string;

  @BooleanFilter('Only services whose theme is visible (true) or hidden (false).')
  readonly HasVisibleTheme?: boolean;
}

export class ListServicesQueryDto extends ServiceFiltersQueryDto {
  @TextFilter(100, 'Only the service of this name (case-insensitive).')
  readonly Name?: string;

  @BooleanFilter('Only services granted by at least one service role of this visibility.')
  readonly HasVisibleServiceRole?: boolean;
}
