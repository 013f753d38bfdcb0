import { ApiProperty } from '@nestjs/swagger';

/** `id` and the AUDIT block every record carries (interfaces 2.1); date-times in UTC with `Z`. */
export class AuditedResponse {
  @ApiProperty({ type: 'integer', description: 'Assigned by the service.' }) readonly id: number;
  @ApiProperty({ description: 'Requester of the creation.' }) readonly createdBy: string;
  @ApiProperty({ format: 'date-time' }) readonly createStamp: string;
  @ApiProperty({ description: 'Requester of the last update.' }) readonly updatedBy: string;
  @ApiProperty({ format: 'date-time' }) readonly updateStamp: string;
}

export const AUDIT_PROPERTIES = ['createdBy', 'createStamp', 'updatedBy', 'updateStamp'] as const;

/** The AUDIT block of a record as every response shows it (date-times in UTC with `Z`). */
export function auditOf(record: {
  readonly createdBy: string;
  readonly createStamp: Date;
  readonly updatedBy: string;
  readonly updateStamp: Date;
}): Omit<AuditedResponse, 'id'> {
  return {
    createdBy: record.createdBy,
    createStamp: record.createStamp.toISOString(),
    updatedBy: record.updatedBy,
    updateStamp: record.updateStamp.toISOString(),
  };
}

/** A date-time as every response shows it (UTC with `Z`), null where the record has none. */
export const isoOrNull = (date: Date | null): string | null => date?.toISOString() ?? null;
