import { Column } from 'typeorm';

/** The AUDIT block every stored record carries (interfaces 2.1), as columns. */
export abstract class AuditedEntity {
  @Column({ name: 'created_by', type: 'varchar', length: 100 })
  createdBy: string;

  @Column({ name: 'create_stamp', type: 'timestamptz' })
  createStamp: Date;

  @Column({ name: 'updated_by', type: 'varchar', length: 100 })
  updatedBy: string;

  @Column({ name: 'update_stamp', type: 'timestamptz' })
  updateStamp: Date;
}

/** Contract 4: on create `updatedBy`/`updateStamp` equal `createdBy`/`createStamp`. */
export function stampCreated(entity: AuditedEntity, createdBy: string, now = new Date()): void {
  entity.createdBy = createdBy;
  entity.createStamp = now;
  entity.updatedBy = createdBy;
  entity.updateStamp = now;
}

export function stampUpdated(entity: AuditedEntity, updatedBy: string, now = new Date()): void {
  entity.updatedBy = updatedBy;
  entity.updateStamp = now;
}
