import { ServiceFiltersQueryDto } from '../../catalogue/services/dto/service.dto';
import { OptionalDateTime } from '../../common/body-fields';
import { ExpandFilter } from '../../common/expand';
import { BooleanFilter, IdFilter } from '../../common/query-filters';
import { CreatedBy } from '@portal/http-context';

/** The expansions of a service read through a procuration (interfaces 4.3). */
export const PROCURATION_SERVICE_EXPANSIONS = [
  'ServiceTheme',
  'IdentificationLevel',
  'OrgIdentificationLevel',
  'ProcurationService',
  'ServiceClients',
  'Survey',
  'FavoriteService',
] as const;
export type ProcurationServiceExpansion = (typeof PROCURATION_SERVICE_EXPANSIONS)[number];

/** The procuration service list filters (interfaces 4.3). */
export class ListProcurationServicesQueryDto extends ServiceFiltersQueryDto {
  @IdFilter('The delegator of the procuration; absent for the procuration without delegator.')
  readonly DelegatorProfileId?: number;

  @BooleanFilter('Only the favorites within this procuration (true), or the others (false).')
  readonly IsFavorite?: boolean;

  @BooleanFilter(
    'Only services the principal reaches through a service role of this visibility (visible, or invisible).',
  )
  readonly HasVisibleServiceRole?: boolean;

  @ExpandFilter(PROCURATION_SERVICE_EXPANSIONS, 'Nested objects to include.')
  readonly Expand?: ProcurationServiceExpansion[];
}

export class ReadProcurationServiceQueryDto {
  @IdFilter('The delegator of the procuration; absent for the procuration without delegator.')
  readonly DelegatorProfileId?: number;

  @ExpandFilter(PROCURATION_SERVICE_EXPANSIONS, 'Nested objects to include.')
  readonly Expand?: ProcurationServiceExpansion[];
}

/** Upsert of one link, and the links of every missing service. */
export class ProcurationServiceBodyDto {
  @OptionalDateTime('From when the representative may use the service; default: the time of the request.')
  readonly validityStartStamp?: string | null;

  @CreatedBy() readonly createdBy: string;
}
