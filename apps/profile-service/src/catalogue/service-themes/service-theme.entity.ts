import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { AuditedEntity } from '@portal/database';

export const SERVICE_THEME_NAME_UNIQUE = 'uq_service_theme_name';

/** A group of services in the catalogue. */
@Entity('service_theme')
@Index(SERVICE_THEME_NAME_UNIQUE, { synchronize: false })
export class ServiceThemeEntity extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'pk_service_theme' })
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ name: 'display_name', type: 'varchar', length: 255 })
  displayName: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  description: string | null;

  @Column({ name: 'is_visible', type: 'boolean', default: true })
  isVisible: boolean;

  @Column({ name: 'sort_order', type: 'integer', default: 0 })
  sortOrder: number;
}
