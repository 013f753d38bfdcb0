import { ApiProperty } from '@nestjs/swagger';

import { AuditedResponse } from '../common/audited.response';
import type { ResourceDefinition } from '../common/crud/resource-definition';
import { AccountEntity } from './account.entity';

/** How an account is shown (entity key `account`); the password is write-only and never shown. */
export const ACCOUNT_RESOURCE: ResourceDefinition<AccountEntity> = {
  entity: AccountEntity,
  noun: 'account',
  code: 'ACCOUNT',
  idName: 'accountId',
  fields: {
    username: undefined,
    sessionDuration: 30,
    isSignupComplete: false,
    isLocal: false,
    hasSeenOwnProfile: false,
  },
};

export class AccountResponse extends AuditedResponse {
  @ApiProperty() readonly username: string;
  @ApiProperty({ type: 'integer', description: 'Minutes a session lasts.' }) readonly sessionDuration: number;
  @ApiProperty() readonly isSignupComplete: boolean;
  @ApiProperty() readonly isLocal: boolean;
  @ApiProperty() readonly hasSeenOwnProfile: boolean;
}
