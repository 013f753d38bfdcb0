import { OptionalText, RequiredText } from '@portal/http-context';
import { PageQueryDto } from '@portal/pagination';

import { TextFilter } from './query-filters';

/** `name`, `displayName` and `description`, as most reference and catalogue records have them. */
export class NamedFieldsDto {
  @RequiredText(1, 100, 'Unique code name (unique case-insensitively).')
  readonly name: string;

  @RequiredText(1, 255, 'Display label; a translation term.')
  readonly displayName: string;

  @OptionalText(255, 'Internal description, not shown to citizens.')
  readonly description?: string | null;
}

/** Named records with a registration `code` (legal forms, organization categories). */
export class CodedFieldsDto extends NamedFieldsDto {
  @OptionalText(
    50,
    'Unique code (case-insensitively) used at organization registration to decide whether self-registration is possible.',
  )
  readonly code?: string | null;
}

/** A list filtered by `Name` (case-insensitive equality). */
export class NameFilterQueryDto extends PageQueryDto {
  @TextFilter(100, 'Only the record of this name (case-insensitive).')
  readonly Name?: string;
}
