import { ApiProperty } from '@nestjs/swagger';

import { AuditedResponse, auditOf } from '../common/audited.response';
import type { AccountEntity } from './entities/account.entity';

/** How an account is shown (entity key `account`); the password is write-only and never shown. */
export class AccountResponse extends AuditedResponse {
  @ApiProperty() readonly username: string;
  @ApiProperty({ type: 'integer', description: 'Minutes a session lasts.' }) readonly sessionDuration: number;
  @ApiProperty() readonly isSignupComplete: boolean;
  @ApiProperty() readonly isLocal: boolean;
  @ApiProperty() readonly hasSeenOwnProfile: boolean;
}

/** An account as profiles (Expand) and identities show it, in the order of AccountResponse. */
export function toAccountResponse(account: AccountEntity): AccountResponse {
  return {
    id: account.id,
    username: account.username,
    sessionDuration: account.sessionDuration,
    isSignupComplete: account.isSignupComplete,
    isLocal: account.isLocal,
    hasSeenOwnProfile: account.hasSeenOwnProfile,
    ...auditOf(account),
  };
}
