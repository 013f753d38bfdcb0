import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { NamedEntity } from '../../common/named.entity';

export const LEGAL_FORM_NAME_UNIQUE = 'uq_legal_form_name';
export const LEGAL_FORM_CODE_UNIQUE = 'uq_legal_form_code';

/** The legal form of an organization (interfaces 2.2). */
@Entity('legal_form')
@Index(LEGAL_FORM_NAME_UNIQUE, { synchronize: false })
@Index(LEGAL_FORM_CODE_UNIQUE, { synchronize: false })
export class LegalFormEntity extends NamedEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'pk_legal_form' })
  id: number;

  @Column({ type: 'varchar', length: 50, nullable: true })
  code: string | null;

  @Column({ name: 'is_org_deletable_by_owner', type: 'boolean', default: true })
  isOrgDeletableByOwner: boolean;
}
