import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { AuditedEntity } from '@portal/database';

export const TEMPLATE_NAME_UNIQUE = 'uq_render_template_name';

/** A named template; its content lives in its versions, the newest being `latestVersion`. */
@Entity('render_template')
@Index(TEMPLATE_NAME_UNIQUE, ['name'], { unique: true })
export class RenderTemplateEntity extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'varchar', length: 50 })
  name: string;

  @Column({ name: 'latest_version', type: 'integer' })
  latestVersion: number;
}
