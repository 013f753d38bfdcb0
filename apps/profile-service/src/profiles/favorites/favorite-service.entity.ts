import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

import { AuditedEntity } from '@portal/database';

import type { ServiceEntity } from '../../catalogue/services/entities/service.entity';
import type { ProfileEntity } from '../entities/profile.entity';

/** One favorite per profile, service and procuration context (NULLS NOT DISTINCT, PostgreSQL 15+). */
export const FAVORITE_SERVICE_UNIQUE = 'uq_favorite_service';
export const FAVORITE_SERVICE_PROFILE_FK = 'fk_favorite_service_profile';
export const FAVORITE_SERVICE_REPRESENTATIVE_FK = 'fk_favorite_service_representative_profile';
export const FAVORITE_SERVICE_DELEGATOR_FK = 'fk_favorite_service_delegator_profile';
export const FAVORITE_SERVICE_SERVICE_FK = 'fk_favorite_service_service';

/**
 * A service a profile marked as favorite; with a representative (and delegator) it is a favorite
 * within that procuration. It goes with the profiles; it keeps its service from being deleted.
 */
@Entity('favorite_service')
@Index(FAVORITE_SERVICE_UNIQUE, { synchronize: false })
@Index('ix_favorite_service_representative_profile', ['representativeProfileId'])
@Index('ix_favorite_service_delegator_profile', ['delegatorProfileId'])
@Index('ix_favorite_service_service', ['serviceId'])
export class FavoriteServiceEntity extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'pk_favorite_service' })
  id: number;

  @Column({ name: 'profile_id', type: 'integer' })
  profileId: number;

  @ManyToOne('ProfileEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'profile_id', foreignKeyConstraintName: FAVORITE_SERVICE_PROFILE_FK })
  profile?: ProfileEntity;

  @Column({ name: 'representative_profile_id', type: 'integer', nullable: true })
  representativeProfileId: number | null;

  @ManyToOne('ProfileEntity', { onDelete: 'CASCADE' })
  @JoinColumn({
    name: 'representative_profile_id',
    foreignKeyConstraintName: FAVORITE_SERVICE_REPRESENTATIVE_FK,
  })
  representativeProfile?: ProfileEntity | null;

  @Column({ name: 'delegator_profile_id', type: 'integer', nullable: true })
  delegatorProfileId: number | null;

  @ManyToOne('ProfileEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'delegator_profile_id', foreignKeyConstraintName: FAVORITE_SERVICE_DELEGATOR_FK })
  delegatorProfile?: ProfileEntity | null;

  @Column({ name: 'service_id', type: 'integer' })
  serviceId: number;

  @ManyToOne('ServiceEntity', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'service_id', foreignKeyConstraintName: FAVORITE_SERVICE_SERVICE_FK })
  service?: ServiceEntity;

  @Column({ name: 'sort_order', type: 'integer', default: 0 })
  sortOrder: number;
}
