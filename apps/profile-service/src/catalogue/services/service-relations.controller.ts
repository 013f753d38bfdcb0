import { Body, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { Projected } from '@portal/access-level';
import { RequireRoles } from '@portal/auth';
import { ApiBodyExamples, ParseInt32Pipe, UpsertedResponse, UpsertRoute } from '@portal/http-context';
import { ApiProblemResponses } from '@portal/problem-details';
import type { ExampleByVersion } from '@portal/service-runtime';

import { PROFILE_READERS, PROFILE_WRITER } from '../../common/access';
import { CreatedByBodyDto } from '../../common/body-fields';
import { toResponse } from '../../common/crud/resource-definition';
import {
  IdParam,
  NOT_FOUND,
  readProjection,
  sentences,
  UPSERT,
  writeProjection,
} from '../../common/operation-docs';
import { ServiceRoleBodyDto, SurveyBodyDto } from './dto/service-relations.dto';
import {
  ServiceClientResponse,
  ServiceRoleResponse,
  SurveyResponse,
  SERVICE_CLIENT_RESOURCE,
  SERVICE_ROLE_RESOURCE,
  SURVEY_RESOURCE,
} from './dto/service-relations.response';
import { ServiceRelationsService } from './service-relations.service';

type Json = Record<string, unknown>;

const ServiceId = () => Param('serviceId', ParseInt32Pipe);

/**
 * Path parameter examples: ids of the demo catalogue. Each version's delete takes away a link (or a
 * survey) of its own that no other example reads, so that the examples run in any order.
 */
const ServiceIdParam = (example: number | ExampleByVersion<number>): MethodDecorator =>
  IdParam('serviceId', example);
/** The surveys of tax-return (1) and tax-payment (2): one per version, read, replaced and deleted. */
const SURVEY_SERVICE = { 'v10-0': 1, 'v9-1': 2 };

/** `/services/{serviceId}/roles/{roleId}`, `/clients/{clientId}` and `/survey` (contract 6). */
@ApiTags('Services')
@ApiProblemResponses(401, 403)
@RequireRoles(PROFILE_WRITER)
export class ServiceRelationsController {
  constructor(private readonly relations: ServiceRelationsService) {}

  @Put(':serviceId/roles/:roleId')
  @ApiOperation({
    summary: 'Grant a service to the holders of a role (a service role)',
    description: sentences(
      UPSERT,
      'Profiles that hold the role reach the service; `isVisible` (default true) says whether it shows to them.',
      NOT_FOUND,
      writeProjection('serviceRole'),
    ),
  })
  @ServiceIdParam(6)
  @IdParam('roleId', 2)
  @ApiBodyExamples(ServiceRoleBodyDto, {
    serviceRole: {
      summary: 'Companies (role Business, demo role 2) may request parking permits (demo service 6)',
      value: { isVisible: true, createdBy: 'beat.keller' },
    },
  })
  @UpsertRoute(ServiceRoleResponse)
  @Projected('serviceRole', { queryable: false })
  @ApiProblemResponses(400, 404, 413, 415)
  async upsertServiceRole(
    @ServiceId() serviceId: number,
    @Param('roleId', ParseInt32Pipe) roleId: number,
    @Body() body: ServiceRoleBodyDto,
  ): Promise<UpsertedResponse<Json>> {
    const upserted = await this.relations.upsertRole(serviceId, roleId, body);
    return UpsertedResponse.of(upserted, (link) => toResponse(SERVICE_ROLE_RESOURCE, link));
  }

  @Delete(':serviceId/roles/:roleId')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Stop granting a service to the holders of a role',
    description: sentences(
      'Answers 204.',
      'A 404 when the service does not exist or the role does not grant it.',
    ),
  })
  // commercial-register-extract (8) for NonProfit (3) and for PublicAuthority (4).
  @ServiceIdParam(8)
  @IdParam('roleId', { 'v10-0': 3, 'v9-1': 4 })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiProblemResponses(400, 404)
  async deleteServiceRole(
    @ServiceId() serviceId: number,
    @Param('roleId', ParseInt32Pipe) roleId: number,
  ): Promise<void> {
    await this.relations.deleteRole(serviceId, roleId);
  }

  @Put(':serviceId/clients/:clientId')
  @ApiOperation({
    summary: 'Record that a client offers a service',
    description: sentences(UPSERT, NOT_FOUND, writeProjection('serviceClient')),
  })
  @ServiceIdParam(4)
  @IdParam('clientId', 2)
  @ApiBodyExamples(CreatedByBodyDto, {
    serviceClient: {
      summary: 'The residence certificate (demo service 4) in the mobile app (demo client 2)',
      value: { createdBy: 'beat.keller' },
    },
  })
  @UpsertRoute(ServiceClientResponse)
  @Projected('serviceClient', { queryable: false })
  @ApiProblemResponses(400, 404, 413, 415)
  async upsertServiceClient(
    @ServiceId() serviceId: number,
    @Param('clientId', ParseInt32Pipe) clientId: number,
    @Body() body: CreatedByBodyDto,
  ): Promise<UpsertedResponse<Json>> {
    const upserted = await this.relations.upsertClient(serviceId, clientId, body.createdBy);
    return UpsertedResponse.of(upserted, (link) => toResponse(SERVICE_CLIENT_RESOURCE, link));
  }

  @Delete(':serviceId/clients/:clientId')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Record that a client no longer offers a service',
    description: sentences(
      'Answers 204.',
      'A 404 when the service does not exist or the client does not offer it.',
    ),
  })
  // parking-permit (6) and change-of-address (3) on portal-mobile (2).
  @ServiceIdParam({ 'v10-0': 6, 'v9-1': 3 })
  @IdParam('clientId', 2)
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiProblemResponses(400, 404)
  async deleteServiceClient(
    @ServiceId() serviceId: number,
    @Param('clientId', ParseInt32Pipe) clientId: number,
  ): Promise<void> {
    await this.relations.deleteClient(serviceId, clientId);
  }

  @Get(':serviceId/survey')
  @RequireRoles(...PROFILE_READERS)
  @ApiOperation({
    summary: 'Read the survey of a service',
    description: sentences(
      'A 404 when the service does not exist or has no survey.',
      readProjection('survey'),
    ),
  })
  @ServiceIdParam(SURVEY_SERVICE)
  @ApiOkResponse({ type: SurveyResponse })
  @Projected('survey')
  @ApiProblemResponses(400, 404)
  async readSurvey(@ServiceId() serviceId: number): Promise<Json> {
    return toResponse(SURVEY_RESOURCE, await this.relations.getSurvey(serviceId));
  }

  @Put(':serviceId/survey')
  @ApiOperation({
    summary: 'Create or replace the survey of a service',
    description: sentences(
      'A service has at most one survey: 201 when this creates it, 200 when it replaces it (a field left out takes its default).',
      '`surveyUrl` is an http(s) URL; the activation chance is a percentage 0..100, the day counts 0 or more.',
      NOT_FOUND,
      writeProjection('survey'),
    ),
  })
  @ServiceIdParam(SURVEY_SERVICE)
  @ApiBodyExamples(SurveyBodyDto, {
    survey: {
      summary: 'The feedback survey of the tax return (demo service 1)',
      value: {
        surveyUrl: 'https://feedback.demo.ch/tax-return?lang=fr',
        isRandomFeedbackEnabled: true,
        isSpontaneousFeedbackEnabled: true,
        rF_ActivationChance: 15,
        rF_MinDaysAfterRefused: 30,
        rF_MinDaysAfterAccepted: 180,
        sF_MinDaysAfterAccepted: 7,
        createdBy: 'chloe.dubois',
      },
    },
  })
  @UpsertRoute(SurveyResponse)
  @Projected('survey', { queryable: false })
  @ApiProblemResponses(400, 404, 413, 415)
  async upsertSurvey(
    @ServiceId() serviceId: number,
    @Body() body: SurveyBodyDto,
  ): Promise<UpsertedResponse<Json>> {
    const upserted = await this.relations.upsertSurvey(serviceId, body);
    return UpsertedResponse.of(upserted, (survey) => toResponse(SURVEY_RESOURCE, survey));
  }

  @Delete(':serviceId/survey')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Delete the survey of a service',
    description: sentences('Answers 204.', 'A 404 when the service does not exist or has no survey.'),
  })
  @ServiceIdParam(SURVEY_SERVICE)
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiProblemResponses(400, 404)
  async deleteSurvey(@ServiceId() serviceId: number): Promise<void> {
    await this.relations.deleteSurvey(serviceId);
  }
}
