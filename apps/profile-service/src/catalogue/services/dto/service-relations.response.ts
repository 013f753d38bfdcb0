import { ApiProperty } from '@nestjs/swagger';

import { AuditedResponse } from '../../../common/audited.response';
import { type ResourceDefinition } from '../../../common/crud/resource-definition';
import { ServiceClientEntity } from '../entities/service-client.entity';
import { ServiceRoleEntity } from '../entities/service-role.entity';
import { SurveyEntity } from '../entities/survey.entity';

/** A service role: holders of the role may use the service (entity key `serviceRole`). */
export class ServiceRoleResponse extends AuditedResponse {
  @ApiProperty({ type: 'integer' }) readonly serviceId: number;
  @ApiProperty({ type: 'integer' }) readonly roleId: number;
  @ApiProperty() readonly isVisible: boolean;
}

/** A client offering the service (entity key `serviceClient`). */
export class ServiceClientResponse extends AuditedResponse {
  @ApiProperty({ type: 'integer' }) readonly serviceId: number;
  @ApiProperty({ type: 'integer' }) readonly clientId: number;
}

/** The feedback survey of a service (entity key `survey`). */
export class SurveyResponse extends AuditedResponse {
  @ApiProperty({ type: 'integer' }) readonly serviceId: number;
  @ApiProperty() readonly surveyUrl: string;
  @ApiProperty() readonly isRandomFeedbackEnabled: boolean;
  @ApiProperty() readonly isSpontaneousFeedbackEnabled: boolean;
  @ApiProperty({ type: 'integer' }) readonly rF_ActivationChance: number;
  @ApiProperty({ type: 'integer' }) readonly rF_MinDaysAfterRefused: number;
  @ApiProperty({ type: 'integer' }) readonly rF_MinDaysAfterAccepted: number;
  @ApiProperty({ type: 'integer' }) readonly sF_MinDaysAfterAccepted: number;
}

export const SERVICE_ROLE_RESOURCE = {
  entity: ServiceRoleEntity,
  noun: 'service role',
  code: 'SERVICE_ROLE',
  idName: 'roleId',
  fields: { serviceId: undefined, roleId: undefined, isVisible: true },
} satisfies ResourceDefinition<ServiceRoleEntity>;

export const SERVICE_CLIENT_RESOURCE = {
  entity: ServiceClientEntity,
  noun: 'service client',
  code: 'SERVICE_CLIENT',
  idName: 'clientId',
  fields: { serviceId: undefined, clientId: undefined },
} satisfies ResourceDefinition<ServiceClientEntity>;

export const SURVEY_RESOURCE = {
  entity: SurveyEntity,
  noun: 'survey',
  code: 'SURVEY',
  idName: 'serviceId',
  fields: {
    serviceId: undefined,
    surveyUrl: undefined,
    isRandomFeedbackEnabled: false,
    isSpontaneousFeedbackEnabled: false,
    rF_ActivationChance: 0,
    rF_MinDaysAfterRefused: 0,
    rF_MinDaysAfterAccepted: 0,
    sF_MinDaysAfterAccepted: 0,
  },
} satisfies ResourceDefinition<SurveyEntity>;
