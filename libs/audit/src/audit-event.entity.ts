import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One row of audit_event (see createAuditEventTable); read only: rows are written by SQL. */
@Entity('audit_event')
export class AuditEventEntity {
  /** bigserial: the driver gives it as a string. */
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt: Date;

  @Column({ type: 'varchar', nullable: true })
  subject: string | null;

  @Column({ name: 'created_by', type: 'varchar', nullable: true })
  createdBy: string | null;

  @Column({ name: 'updated_by', type: 'varchar', nullable: true })
  updatedBy: string | null;

  @Column({ type: 'varchar' })
  method: string;

  @Column({ type: 'varchar' })
  route: string;

  @Column({ type: 'varchar' })
  resource: string;

  @Column({ name: 'resource_id', type: 'varchar', nullable: true })
  resourceId: string | null;

  @Column({ type: 'varchar' })
  result: string;

  @Column({ type: 'integer' })
  status: number;

  @Column({ name: 'correlation_id', type: 'varchar' })
  correlationId: string;
}
