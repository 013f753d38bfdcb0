import { ApiProperty } from '@nestjs/swagger';

import { AuditedResponse } from './audited.response';

export class NamedResponse extends AuditedResponse {
  @ApiProperty() readonly name: string;
  @ApiProperty() readonly displayName: string;
  @ApiProperty({ type: String, nullable: true }) readonly description: string | null;
}

export class CodedResponse extends NamedResponse {
  @ApiProperty({ type: String, nullable: true }) readonly code: string | null;
}
