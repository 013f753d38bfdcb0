import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

import { AuditedEntity } from '@portal/database';

import { type Gender, GENDERS, oneOf } from '../../common/domain-enums';
import type { MaritalStatusEntity } from '../../reference-data/marital-statuses/marital-status.entity';
import type { AccountEntity } from './account.entity';

export const PERSON_ACCOUNT_UNIQUE = 'uq_person_account';
export const PERSON_ACCOUNT_FK = 'fk_person_account';
export const PERSON_MARITAL_STATUS_FK = 'fk_person_marital_status';

/** The person behind a person profile; owns exactly one account. */
@Entity('person')
@Index(PERSON_ACCOUNT_UNIQUE, ['accountId'], { unique: true })
@Index('ix_person_marital_status', ['maritalStatusId'])
@Index('ix_person_ahv_number', ['ahvNumber'])
@Check('ck_person_gender', oneOf('gender', GENDERS))
export class PersonEntity extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'pk_person' })
  id: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @ManyToOne('AccountEntity', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'account_id', foreignKeyConstraintName: PERSON_ACCOUNT_FK })
  account?: AccountEntity;

  @Column({ type: 'varchar', length: 160, nullable: true })
  firstname: string | null;

  @Column({ type: 'varchar', length: 160, nullable: true })
  lastname: string | null;

  /**
   * `firstname` and `lastname` folded (`profile_search_folded`) by a database trigger; the profile
   * trigger copies them onto the person's profile, where the `...Contains` filters search them.
   */
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

  @Column({ type: 'varchar', length: 20, default: 'Unknown' })
  gender: Gender;

  @Column({ name: 'ahv_number', type: 'varchar', length: 64, nullable: true })
  ahvNumber: string | null;

  @Column({ name: 'mobile_phone', type: 'varchar', length: 40, nullable: true })
  mobilePhone: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  birthdate: Date | null;

  @Column({ name: 'marital_status_id', type: 'integer', nullable: true })
  maritalStatusId: number | null;

  @ManyToOne('MaritalStatusEntity', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'marital_status_id', foreignKeyConstraintName: PERSON_MARITAL_STATUS_FK })
  maritalStatus?: MaritalStatusEntity | null;
}
