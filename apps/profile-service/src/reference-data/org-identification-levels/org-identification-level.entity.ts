import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

import { NamedEntity } from '../../common/named.entity';

export const ORG_IDENTIFICATION_LEVEL_NAME_UNIQUE = 'uq_org_identification_level_name';
export const ORG_IDENTIFICATION_LEVEL_ELEVATION_SERVICE_FK = 'fk_org_identification_level_elevation_service';

/** How strongly an organization is proven, and the service that raises an organization to it. */
@Entity('org_identification_level')
@Index(ORG_IDENTIFICATION_LEVEL_NAME_UNIQUE, { synchronize: false })
@Index('ix_org_identification_level_elevation_service', ['elevationServiceId'])
@Check('ck_org_identification_level_level_of_trust', '"level_of_trust" >= 0')
export class OrgIdentificationLevelEntity extends NamedEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'pk_org_identification_level' })
  id: number;

  @Column({ name: 'level_of_trust', type: 'integer', default: 0 })
  levelOfTrust: number;

  @Column({ name: 'elevation_service_id', type: 'integer', nullable: true })
  elevationServiceId: number | null;

  @ManyToOne('ServiceEntity', { onDelete: 'RESTRICT' })
  @JoinColumn({
    name: 'elevation_service_id',
    foreignKeyConstraintName: ORG_IDENTIFICATION_LEVEL_ELEVATION_SERVICE_FK,
  })
  // Typed by its key: the catalogue sits above the reference data (a service names its levels).
  elevationService?: { readonly id: number } | null;
}
