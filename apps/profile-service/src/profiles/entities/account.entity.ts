import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { AuditedEntity } from '@portal/database';

/** Usernames are unique case-insensitively. */
export const ACCOUNT_USERNAME_UNIQUE = 'uq_account_username';

/** The sign-in account a person profile owns. */
@Entity('account')
@Index(ACCOUNT_USERNAME_UNIQUE, { synchronize: false })
export class AccountEntity extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'pk_account' })
  id: number;

  @Column({ type: 'varchar', length: 100 })
  username: string;

  /** A salted hash, never the password; never read unless asked for. */
  @Column({ name: 'password_hash', type: 'varchar', length: 255, nullable: true, select: false })
  passwordHash: string | null;

  /** Minutes a session lasts. */
  @Column({ name: 'session_duration', type: 'integer', default: 30 })
  sessionDuration: number;

  @Column({ name: 'is_signup_complete', type: 'boolean', default: false })
  isSignupComplete: boolean;

  @Column({ name: 'is_local', type: 'boolean', default: false })
  isLocal: boolean;

  @Column({ name: 'has_seen_own_profile', type: 'boolean', default: false })
  hasSeenOwnProfile: boolean;
}
