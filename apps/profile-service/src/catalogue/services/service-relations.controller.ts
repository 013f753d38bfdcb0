import { Body, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';

import { Projected } from '@portal/access-level';
import { RequireRoles } from '@portal/auth';
import { ParseInt32Pipe, UpsertedResponse, UpsertRoute } from '@portal/http-context';

import { PROFILE_READERS, PROFILE_WRITER } from '../../common/access';
import { CreatedByBodyDto } from '../../common/body-fields';
import { toResponse } from '../../common/crud/resource-definition';
import { ServiceRoleBodyDto, SurveyBodyDto } from './dto/service-relations.dto';
import {
  ServiceClientResponse,
  ServiceRoleResponse,
  SurveyResponse,
  SERVICE_CLIENT_RESOURCE,
  SERVICE_ROLE_RESOURCE,
  SURVEY_RESOURCE,
} from './dto/service-relations.response';
import {
  DeleteServiceClientDocs,
  DeleteServiceRoleDocs,
  DeleteSurveyDocs,
  ReadSurveyDocs,
  ServiceRelationsDocs,
  UpsertServiceClientDocs,
  UpsertServiceRoleDocs,
  UpsertSurveyDocs,
} from './service-relations.openapi';
import { ServiceRelationsService } from './service-relations.service';

type Json = Record<string, unknown>;

const ServiceId = () => Param('serviceId', ParseInt32Pipe);
const RoleId = () => Param('roleId', ParseInt32Pipe);
const ClientId = () => Param('clientId', ParseInt32Pipe);

/** `/services/{serviceId}/roles/{roleId}`, `/clients/{clientId}` and `/survey` (contract 6). */
@ServiceRelationsDocs()
@RequireRoles(PROFILE_WRITER)
export class ServiceRelationsController {
  constructor(private readonly relations: ServiceRelationsService) {}

  @Put(':serviceId/roles/:roleId')
  @UpsertServiceRoleDocs()
  @UpsertRoute(ServiceRoleResponse)
  @Projected('serviceRole', { queryable: false })
  async upsertServiceRole(
    @ServiceId() serviceId: number,
    @RoleId() roleId: number,
    @Body() body: ServiceRoleBodyDto,
  ): Promise<UpsertedResponse<Json>> {
    const upserted = await this.relations.upsertRole(serviceId, roleId, body);
    return UpsertedResponse.of(upserted, (link) => toResponse(SERVICE_ROLE_RESOURCE, link));
  }

  @Delete(':serviceId/roles/:roleId')
  @HttpCode(204)
  @DeleteServiceRoleDocs()
  async deleteServiceRole(@ServiceId() serviceId: number, @RoleId() roleId: number): Promise<void> {
    await this.relations.deleteRole(serviceId, roleId);
  }

  @Put(':serviceId/clients/:clientId')
  @UpsertServiceClientDocs()
  @UpsertRoute(ServiceClientResponse)
  @Projected('serviceClient', { queryable: false })
  async upsertServiceClient(
    @ServiceId() serviceId: number,
    @ClientId() clientId: number,
    @Body() body: CreatedByBodyDto,
  ): Promise<UpsertedResponse<Json>> {
    const upserted = await this.relations.upsertClient(serviceId, clientId, body.createdBy);
    return UpsertedResponse.of(upserted, (link) => toResponse(SERVICE_CLIENT_RESOURCE, link));
  }

  @Delete(':serviceId/clients/:clientId')
  @HttpCode(204)
  @DeleteServiceClientDocs()
  async deleteServiceClient(@ServiceId() serviceId: number, @ClientId() clientId: number): Promise<void> {
    await this.relations.deleteClient(serviceId, clientId);
  }

  @Get(':serviceId/survey')
  @RequireRoles(...PROFILE_READERS)
  @ReadSurveyDocs()
  @Projected('survey')
  async readSurvey(@ServiceId() serviceId: number): Promise<Json> {
    return toResponse(SURVEY_RESOURCE, await this.relations.getSurvey(serviceId));
  }

  @Put(':serviceId/survey')
  @UpsertSurveyDocs()
  @UpsertRoute(SurveyResponse)
  @Projected('survey', { queryable: false })
  async upsertSurvey(
    @ServiceId() serviceId: number,
    @Body() body: SurveyBodyDto,
  ): Promise<UpsertedResponse<Json>> {
    const upserted = await this.relations.upsertSurvey(serviceId, body);
    return UpsertedResponse.of(upserted, (survey) => toResponse(SURVEY_RESOURCE, survey));
  }

  @Delete(':serviceId/survey')
  @HttpCode(204)
  @DeleteSurveyDocs()
  async deleteSurvey(@ServiceId() serviceId: number): Promise<void> {
    await this.relations.deleteSurvey(serviceId);
  }
}
