import { OptionalText, RequiredText } from '@portal/http-context';
import { PageQueryDto } from '@portal/pagination';

import { OptionalBoolean } from '../../common/body-fields';
import { BooleanFilter } from '../../common/query-filters';
import { writeBodies } from '../../common/write-bodies';

export class IdentityProviderFieldsDto {
  @RequiredText(1, 200, 'Unique code name (unique case-insensitively).')
  readonly name: string;

  @RequiredText(1, 255, 'Display label; a translation term.')
  readonly displayName: string;

  @RequiredText(1, 500, 'Name of the binary related to the provider.')
  readonly typeName: string;

  @OptionalBoolean('Used by default; at most one provider is the default.', false)
  readonly isDefault?: boolean;

  @OptionalBoolean('Whether the provider can be used.', false)
  readonly isEnabled?: boolean;

  @OptionalText(4000, 'Provider-specific data.')
  readonly data?: string | null;
}

export const [CreateIdentityProviderDto, UpdateIdentityProviderDto] = writeBodies(
  IdentityProviderFieldsDto,
  'IdentityProvider',
);

export class ListIdentityProvidersQueryDto extends PageQueryDto {
  @BooleanFilter('Only enabled (true) or disabled (false) providers.')
  readonly IsEnabled?: boolean;
}
