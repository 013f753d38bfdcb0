import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { NamedEntity } from '../../common/named.entity';

export const ORG_CATEGORY_NAME_UNIQUE = 'uq_org_category_name';
export const ORG_CATEGORY_CODE_UNIQUE = 'uq_org_category_code';

/** The category of an organization; its roles go to every organization of the category. */
@Entity('org_category')
@Index(ORG_CATEGORY_NAME_UNIQUE, { synchronize: false })
@Index(ORG_CATEGORY_CODE_UNIQUE, { synchronize: false })
@Check('ck_org_category_days_until_deletion', '"days_until_deletion" > 0')
@Check(
  'ck_org_category_deletion_reminders',
  '"days_until_first_deletion_reminder" >= 0 AND "days_until_second_deletion_reminder" >= 0',
)
export class OrgCategoryEntity extends NamedEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'pk_org_category' })
  id: number;

  @Column({ type: 'varchar', length: 50, nullable: true })
  code: string | null;

  @Column({ name: 'is_visible', type: 'boolean', default: true })
  isVisible: boolean;

  @Column({ name: 'is_org_deletable_by_owner', type: 'boolean', default: true })
  isOrgDeletableByOwner: boolean;

  @Column({ name: 'profile_picture_url', type: 'varchar', length: 100, nullable: true })
  profilePictureUrl: string | null;

  @Column({ name: 'small_profile_picture_url', type: 'varchar', length: 100, nullable: true })
  smallProfilePictureUrl: string | null;

  @Column({ name: 'days_until_first_deletion_reminder', type: 'integer', nullable: true })
  daysUntilFirstDeletionReminder: number | null;

  @Column({ name: 'days_until_second_deletion_reminder', type: 'integer', nullable: true })
  daysUntilSecondDeletionReminder: number | null;

  @Column({ name: 'days_until_deletion', type: 'integer', nullable: true })
  daysUntilDeletion: number | null;
}
