import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One row of audit_event, as createAuditEventTable makes it; rows are written by SQL, not saved. */
@Entity('audit_event')
@Index('ix_audit_event_occurred_at', ['occurredAt', 'id'])
@Index('ix_audit_event_resource', ['resource', 'resourceId', 'occurredAt'])
@Index('ix_audit_event_subject', ['subject', 'occurredAt'])
export class AuditEventEntity {
  /** bigserial: the driver gives it as a string. */
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'pk_audit_event' })
  id: string;

  @Column({ name: 'occurred_at', type: 'timestamptz', default: () => 'now()' })
  occurredAt: Date;

  @Column({ type: 'varchar', length: 255, nullable: true })
  subject: string | null;

  @Column({ name: 'created_by', type: 'varchar', length: 100, nullable: true })
  createdBy: string | null;

  @Column({ name: 'updated_by', type: 'varchar', length: 100, nullable: true })
  updatedBy: string | null;

  @Column({ type: 'varchar', length: 10 })
  method: string;

  @Column({ type: 'varchar', length: 500 })
  route: string;

  @Column({ type: 'varchar', length: 200 })
  resource: string;

  @Column({ name: 'resource_id', type: 'varchar', length: 500, nullable: true })
  resourceId: string | null;

  @Column({ type: 'varchar', length: 20 })
  result: string;

  @Column({ type: 'integer' })
  status: number;

  @Column({ name: 'correlation_id', type: 'varchar', length: 128 })
  correlationId: string;
}
