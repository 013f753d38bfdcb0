import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

import type { UiTemplateEntity } from './ui-template.entity';

export const SENDER_IDENTIFIER_UNIQUE = 'uq_ui_template_sender_identifier_value';

/**
 * One row per sender identifier, so that the database keeps each to one template (contract 7) and
 * `SenderIdentifier=x` is an index lookup. Reads take the template's own array column instead.
 */
@Entity('ui_template_sender_identifier')
@Index(SENDER_IDENTIFIER_UNIQUE, ['value'], { unique: true })
@Index('ix_ui_template_sender_identifier_template', ['uiTemplateId'])
export class UiTemplateSenderIdentifierEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'ui_template_id', type: 'integer' })
  uiTemplateId: number;

  @ManyToOne('UiTemplateEntity', { onDelete: 'CASCADE' })
  @JoinColumn({
    name: 'ui_template_id',
    foreignKeyConstraintName: 'fk_ui_template_sender_identifier_template',
  })
  uiTemplate: UiTemplateEntity;

  @Column({ type: 'varchar', length: 254 })
  value: string;
}
