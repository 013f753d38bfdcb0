import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

import { AuditedEntity } from '@portal/database';

import { INACTIVITY_STATES, type InactivityState, oneOf } from '../../common/domain-enums';
import type { OrganizationEntity } from './organization.entity';
import type { PersonEntity } from './person.entity';

export const PROFILE_PERSON_UNIQUE = 'uq_profile_person';
export const PROFILE_ORGANIZATION_UNIQUE = 'uq_profile_organization';
export const PROFILE_EXTERNAL_KEY_UNIQUE = 'uq_profile_external_key';
export const PROFILE_PERSON_FK = 'fk_profile_person';
export const PROFILE_ORGANIZATION_FK = 'fk_profile_organization';

/**
 * A person-type or an organization-type profile: exactly one of personId and organizationId is
 * set. Deleting a profile takes its roles, identities, setting values, favorites, picture and
 * procurations with it (ON DELETE CASCADE); its person (and account) or organization are deleted
 * after it, by the service, since they are referenced from here.
 */
@Entity('profile')
@Index(PROFILE_PERSON_UNIQUE, ['personId'], { unique: true })
@Index(PROFILE_ORGANIZATION_UNIQUE, ['organizationId'], { unique: true })
@Index(PROFILE_EXTERNAL_KEY_UNIQUE, ['externalKey'], { unique: true })
// Kept by the migrations, outside TypeORM's synchronisation: trigram and expression indexes.
@Index('ix_profile_search_text', { synchronize: false })
@Index('ix_profile_email_local_search', { synchronize: false })
@Index('ix_profile_email_domain_search', { synchronize: false })
@Index('ix_profile_city_search', { synchronize: false })
@Index('ix_profile_zip_code_search', { synchronize: false })
@Index('ix_profile_firstname_search', { synchronize: false })
@Index('ix_profile_lastname_search', { synchronize: false })
@Index('ix_profile_grace_period_end_date', { synchronize: false })
@Index('ix_profile_flagged_for_deletion', { synchronize: false })
@Index('ix_profile_inactivity', { synchronize: false })
@Index('ix_profile_last_login_stamp', ['lastLoginStamp'])
@Check('ck_profile_kind', 'num_nonnulls("person_id", "organization_id") = 1')
@Check('ck_profile_inactivity_state', oneOf('inactivity_state', INACTIVITY_STATES))
@Check('ck_profile_login_count', '"login_count" >= 0')
export class ProfileEntity extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'pk_profile' })
  id: number;

  @Column({ name: 'person_id', type: 'integer', nullable: true })
  personId: number | null;

  @ManyToOne('PersonEntity', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'person_id', foreignKeyConstraintName: PROFILE_PERSON_FK })
  person?: PersonEntity | null;

  @Column({ name: 'organization_id', type: 'integer', nullable: true })
  organizationId: number | null;

  @ManyToOne('OrganizationEntity', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'organization_id', foreignKeyConstraintName: PROFILE_ORGANIZATION_FK })
  organization?: OrganizationEntity | null;

  @Column({ name: 'is_enabled', type: 'boolean', default: true })
  isEnabled: boolean;

  @Column({ name: 'external_key', type: 'varchar', length: 50, nullable: true })
  externalKey: string | null;

  @Column({ type: 'varchar', length: 2, nullable: true })
  language: string | null;

  @Column({ type: 'varchar', length: 400 })
  email: string;

  @Column({ type: 'varchar', length: 40, nullable: true })
  phone: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  fax: string | null;

  @Column({ type: 'varchar', length: 320, nullable: true })
  address: string | null;

  @Column({ name: 'zip_code', type: 'varchar', length: 12, nullable: true })
  zipCode: string | null;

  @Column({ type: 'varchar', length: 160, nullable: true })
  city: string | null;

  @Column({ name: 'country_code', type: 'varchar', length: 2, nullable: true })
  countryCode: string | null;

  @Column({ name: 'accepts_advertisement', type: 'boolean', default: true })
  acceptsAdvertisement: boolean;

  @Column({ name: 'last_login_stamp', type: 'timestamptz', nullable: true })
  lastLoginStamp: Date | null;

  @Column({ name: 'login_count', type: 'integer', default: 0 })
  loginCount: number;

  @Column({ name: 'inactivity_state', type: 'varchar', length: 20, default: 'Active' })
  inactivityState: InactivityState;

  @Column({ name: 'is_flagged_for_deletion', type: 'boolean', default: false })
  isFlaggedForDeletion: boolean;

  @Column({ name: 'grace_period_end_date', type: 'timestamptz', nullable: true })
  gracePeriodEndDate: Date | null;

  /**
   * What `Keyword` searches (the e-mail's local part and its `@`, external key, the person's names,
   * the organization's name and uid), written by a database trigger, never by the service; the
   * e-mail's domain is searched in `emailDomainSearch`.
   */
  @Column({ name: 'search_text', type: 'text', default: '', select: false, insert: false, update: false })
  searchText: string;

  /**
   * `email` folded for the `...Contains` filters (`profile_search_folded`) in its two parts around
   * the last `@`, by a database trigger: the local part (mostly unique) and the domain (few).
   */
  @Column({ name: 'email_local_search', type: 'text', select: false, insert: false, update: false })
  emailLocalSearch: string;

  @Column({
    name: 'email_domain_search',
    type: 'text',
    nullable: true,
    select: false,
    insert: false,
    update: false,
  })
  emailDomainSearch: string | null;

  /** `city` and `zipCode` folded, by the same trigger. */

  @Column({ name: 'city_search', type: 'text', nullable: true, select: false, insert: false, update: false })
  citySearch: string | null;

  @Column({
    name: 'zip_code_search',
    type: 'text',
    nullable: true,
    select: false,
    insert: false,
    update: false,
  })
  zipCodeSearch: string | null;

  /** The person's folded `firstname` and `lastname`, copied by the same trigger: searched without joining the person. */
  @Column({
    name: 'firstname_search',
    type: 'text',
    nullable: true,
    select: false,
    insert: false,
    update: false,
  })
  firstnameSearch: string | null;

  @Column({
    name: 'lastname_search',
    type: 'text',
    nullable: true,
    select: false,
    insert: false,
    update: false,
  })
  lastnameSearch: string | null;
}
