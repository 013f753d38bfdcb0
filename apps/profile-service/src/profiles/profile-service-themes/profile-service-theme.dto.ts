import { PageQueryDto } from '@portal/pagination';

import { BooleanFilter } from '../../common/query-filters';

/** `GET /profiles/{profileId}/service-themes` (interfaces 4.3). */
export class ListProfileServiceThemesQueryDto extends PageQueryDto {
  @BooleanFilter('Only visible (true) or hidden (false) themes.')
  readonly IsVisible?: boolean;

  @BooleanFilter(
    'true: only themes with a service the profile reaches that a representative may use through a procuration (isProcurationAvailable).',
  )
  readonly IsForProcurationManagementView?: boolean;
}
