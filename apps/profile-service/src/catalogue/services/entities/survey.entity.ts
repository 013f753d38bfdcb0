import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

import { AuditedEntity } from '@portal/database';

import type { ServiceEntity } from './service.entity';

export const SURVEY_SERVICE_UNIQUE = 'uq_survey_service';
export const SURVEY_SERVICE_FK = 'fk_survey_service';

/** The feedback survey of a service (at most one per service). `rF_` random, `sF_` spontaneous feedback. */
@Entity('survey')
@Index(SURVEY_SERVICE_UNIQUE, ['serviceId'], { unique: true })
@Check('ck_survey_rf_activation_chance', '"rf_activation_chance" BETWEEN 0 AND 100')
@Check(
  'ck_survey_min_days',
  '"rf_min_days_after_refused" >= 0 AND "rf_min_days_after_accepted" >= 0 AND "sf_min_days_after_accepted" >= 0',
)
export class SurveyEntity extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'pk_survey' })
  id: number;

  @Column({ name: 'service_id', type: 'integer' })
  serviceId: number;

  @ManyToOne('ServiceEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'service_id', foreignKeyConstraintName: SURVEY_SERVICE_FK })
  service?: ServiceEntity;

  @Column({ name: 'survey_url', type: 'varchar', length: 400 })
  surveyUrl: string;

  @Column({ name: 'is_random_feedback_enabled', type: 'boolean', default: false })
  isRandomFeedbackEnabled: boolean;

  @Column({ name: 'is_spontaneous_feedback_enabled', type: 'boolean', default: false })
  isSpontaneousFeedbackEnabled: boolean;

  /** Percentage of visits that are offered the random survey. */
  @Column({ name: 'rf_activation_chance', type: 'integer', default: 0 })
  rF_ActivationChance: number;

  @Column({ name: 'rf_min_days_after_refused', type: 'integer', default: 0 })
  rF_MinDaysAfterRefused: number;

  @Column({ name: 'rf_min_days_after_accepted', type: 'integer', default: 0 })
  rF_MinDaysAfterAccepted: number;

  @Column({ name: 'sf_min_days_after_accepted', type: 'integer', default: 0 })
  sF_MinDaysAfterAccepted: number;
}
