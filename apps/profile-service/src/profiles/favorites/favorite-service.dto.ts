import { CreatedBy } from '@portal/http-context';

import { OptionalInt } from '../../common/body-fields';

/** `PUT /profiles/{profileId}/favorite-services/{serviceId}` (contract 6). */
export class UpsertFavoriteServiceDto {
  @OptionalInt('Ascending display order among the favorites.', { defaultValue: 0 })
  readonly sortOrder?: number;

  @CreatedBy() readonly createdBy: string;
}
