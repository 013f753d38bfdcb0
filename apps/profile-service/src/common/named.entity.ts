import { Column } from 'typeorm';

import { AuditedEntity } from '@portal/database';

/** `name` (a code name, unique case-insensitively per table), `displayName`, `description`, and AUDIT. */
export abstract class NamedEntity extends AuditedEntity {
  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ name: 'display_name', type: 'varchar', length: 255 })
  displayName: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  description: string | null;
}
