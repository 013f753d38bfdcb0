import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { AuditedEntity } from '@portal/database';

export const IDENTITY_PROVIDER_NAME_UNIQUE = 'uq_identity_provider_name';
/** At most one provider is the default one. */
export const IDENTITY_PROVIDER_DEFAULT_UNIQUE = 'uq_identity_provider_default';

/** A provider that proves identities (interfaces 2.2). */
@Entity('identity_provider')
@Index(IDENTITY_PROVIDER_NAME_UNIQUE, { synchronize: false })
@Index(IDENTITY_PROVIDER_DEFAULT_UNIQUE, { synchronize: false })
export class IdentityProviderEntity extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'pk_identity_provider' })
  id: number;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ name: 'display_name', type: 'varchar', length: 255 })
  displayName: string;

  @Column({ name: 'type_name', type: 'varchar', length: 500 })
  typeName: string;

  @Column({ name: 'is_default', type: 'boolean', default: false })
  isDefault: boolean;

  @Column({ name: 'is_enabled', type: 'boolean', default: false })
  isEnabled: boolean;

  @Column({ type: 'varchar', length: 4000, nullable: true })
  data: string | null;
}
