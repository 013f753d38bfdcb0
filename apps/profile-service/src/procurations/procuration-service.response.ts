import { ApiProperty } from '@nestjs/swagger';

import { AuditedResponse, auditOf } from '../common/audited.response';
import type { ProcurationServiceEntity } from './procuration-service.entity';

/** A service a procuration grants (entity key `procurationService`). */
export class ProcurationServiceResponse extends AuditedResponse {
  @ApiProperty({ type: 'integer' }) readonly procurationId: number;
  @ApiProperty({ type: 'integer' }) readonly serviceId: number;
  @ApiProperty({ format: 'date-time', description: 'The representative may use the service from then on.' })
  readonly validityStartStamp: string;
}

export function toProcurationServiceResponse(link: ProcurationServiceEntity): ProcurationServiceResponse {
  return {
    id: link.id,
    procurationId: link.procurationId,
    serviceId: link.serviceId,
    validityStartStamp: link.validityStartStamp.toISOString(),
    ...auditOf(link),
  };
}
