import { ApiProperty } from '@nestjs/swagger';

import { AuditedResponse, auditOf } from '../common/audited.response';

/** A service a procuration grants (entity key `procurationService`). */
export class ProcurationServiceResponse extends AuditedResponse {
  @ApiProperty({ type: 'integer' }) readonly procurationId: number;
  @ApiProperty({ type: 'integer' }) readonly serviceId: number;
  @ApiProperty({ format: 'date-time', description: 'The representative may use the service from then on.' })
  readonly validityStartStamp: string;
}

/** A row of `procuration_service` as read (the entity of procurations, or any record of its columns). */
export interface ProcurationServiceLink {
  readonly id: number;
  readonly procurationId: number;
  readonly serviceId: number;
  readonly validityStartStamp: Date;
  readonly createdBy: string;
  readonly createStamp: Date;
  readonly updatedBy: string;
  readonly updateStamp: Date;
}

export function toProcurationServiceResponse(link: ProcurationServiceLink): ProcurationServiceResponse {
  return {
    id: link.id,
    procurationId: link.procurationId,
    serviceId: link.serviceId,
    validityStartStamp: link.validityStartStamp.toISOString(),
    ...auditOf(link),
  };
}
