import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { NamedEntity } from '../../common/named.entity';

export const IDENTIFICATION_LEVEL_NAME_UNIQUE = 'uq_identification_level_name';

/** How strongly a person's identity is proven (interfaces 2.2). */
@Entity('identification_level')
@Index(IDENTIFICATION_LEVEL_NAME_UNIQUE, { synchronize: false })
@Check('ck_identification_level_level_of_trust', '"level_of_trust" >= 0')
export class IdentificationLevelEntity extends NamedEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'pk_identification_level' })
  id: number;

  @Column({ name: 'level_of_trust', type: 'integer', default: 0 })
  levelOfTrust: number;
}
