import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { NamedEntity } from '../../common/named.entity';

export const SERVICE_THEME_NAME_UNIQUE = 'uq_service_theme_name';

/** A group of services in the catalogue. */
@Entity('service_theme')
@Index(SERVICE_THEME_NAME_UNIQUE, { synchronize: false })
export class ServiceThemeEntity extends NamedEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'pk_service_theme' })
  id: number;

  @Column({ name: 'is_visible', type: 'boolean', default: true })
  isVisible: boolean;

  @Column({ name: 'sort_order', type: 'integer', default: 0 })
  sortOrder: number;
}
