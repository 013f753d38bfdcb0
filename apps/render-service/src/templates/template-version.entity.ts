import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

import type { InputFormat } from '../engine/common/formats';
import type { RenderTemplateEntity } from './template.entity';

export const TEMPLATE_VERSION_UNIQUE = 'uq_render_template_version';

/** One save of a template: never changed once written (contract 8). */
@Entity('render_template_version')
@Index(TEMPLATE_VERSION_UNIQUE, ['templateId', 'version'], { unique: true })
export class RenderTemplateVersionEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'template_id', type: 'integer' })
  templateId: number;

  @ManyToOne('RenderTemplateEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'template_id', foreignKeyConstraintName: 'fk_render_template_version_template' })
  template: RenderTemplateEntity;

  @Column({ type: 'integer' })
  version: number;

  /** null: the render request's inputFormat applies. */
  @Column({ name: 'input_format', type: 'varchar', length: 10, nullable: true })
  inputFormat: InputFormat | null;

  /** Read only where the text is needed (one version), not by lists. */
  @Column({ type: 'text', select: false })
  data: string;

  /** Example data kept with this version: compact JSON text of an object or array. Not read by lists. */
  @Column({ name: 'sample_data', type: 'text', nullable: true, select: false })
  sampleData: string | null;

  @Column({ name: 'created_by', type: 'varchar', length: 100 })
  createdBy: string;

  @Column({ name: 'create_stamp', type: 'timestamptz' })
  createStamp: Date;
}
