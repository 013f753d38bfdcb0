import { applyDecorators } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';

import { ApiBodyExamples } from '@portal/http-context';
import { ApiProblemResponses } from '@portal/problem-details';
import type { ExampleByVersion } from '@portal/service-runtime';

import { CreatedByBodyDto } from '../../common/body-fields';
import {
  IdParam,
  NOT_FOUND,
  readProjection,
  ResourceDocs,
  sentences,
  UPSERT,
  writeProjection,
} from '../../common/operation-docs';
import { ServiceRoleBodyDto, SurveyBodyDto } from './dto/service-relations.dto';
import { SurveyResponse } from './dto/service-relations.response';

export const ServiceRelationsDocs = (): ClassDecorator => ResourceDocs('Services');

/**
 * Path parameter examples: ids of the demo catalogue. Each version's delete takes away a link (or a
 * survey) of its own that no other example reads, so that the examples run in any order.
 */
const ServiceIdParam = (example: number | ExampleByVersion<number>): MethodDecorator =>
  IdParam('serviceId', example);
/** The surveys of tax-return (1) and tax-payment (2): one per version, read, replaced and deleted. */
const SURVEY_SERVICE = { 'v10-0': 1, 'v9-1': 2 };

const DeletedDocs = (summary: string, notFound: string): MethodDecorator =>
  applyDecorators(
    ApiOperation({ summary, description: sentences('Answers 204.', notFound) }),
    ApiNoContentResponse({ description: 'Deleted.' }),
    ApiProblemResponses(400, 404),
  );

export const UpsertServiceRoleDocs = (): MethodDecorator =>
  applyDecorators(
    ApiOperation({
      summary: 'Grant a service to the holders of a role (a service role)',
      description: sentences(
        UPSERT,
        'Profiles that hold the role reach the service; `isVisible` (default true) says whether it shows to them.',
        NOT_FOUND,
        writeProjection('serviceRole'),
      ),
    }),
    ServiceIdParam(6),
    IdParam('roleId', 2),
    ApiBodyExamples(ServiceRoleBodyDto, {
      serviceRole: {
        summary: 'Companies (role Business, demo role 2) may request parking permits (demo service 6)',
        value: { isVisible: true, createdBy: 'beat.keller' },
      },
    }),
    ApiProblemResponses(400, 404, 413, 415),
  );

export const DeleteServiceRoleDocs = (): MethodDecorator =>
  applyDecorators(
    DeletedDocs(
      'Stop granting a service to the holders of a role',
      'A 404 when the service does not exist or the role does not grant it.',
    ),
    // commercial-register-extract (8) for NonProfit (3) and for PublicAuthority (4).
    ServiceIdParam(8),
    IdParam('roleId', { 'v10-0': 3, 'v9-1': 4 }),
  );

export const UpsertServiceClientDocs = (): MethodDecorator =>
  applyDecorators(
    ApiOperation({
      summary: 'Record that a client offers a service',
      description: sentences(UPSERT, NOT_FOUND, writeProjection('serviceClient')),
    }),
    ServiceIdParam(4),
    IdParam('clientId', 2),
    ApiBodyExamples(CreatedByBodyDto, {
      serviceClient: {
        summary: 'The residence certificate (demo service 4) in the mobile app (demo client 2)',
        value: { createdBy: 'beat.keller' },
      },
    }),
    ApiProblemResponses(400, 404, 413, 415),
  );

export const DeleteServiceClientDocs = (): MethodDecorator =>
  applyDecorators(
    DeletedDocs(
      'Record that a client no longer offers a service',
      'A 404 when the service does not exist or the client does not offer it.',
    ),
    // parking-permit (6) and change-of-address (3) on portal-mobile (2).
    ServiceIdParam({ 'v10-0': 6, 'v9-1': 3 }),
    IdParam('clientId', 2),
  );

export const ReadSurveyDocs = (): MethodDecorator =>
  applyDecorators(
    ApiOperation({
      summary: 'Read the survey of a service',
      description: sentences(
        'A 404 when the service does not exist or has no survey.',
        readProjection('survey'),
      ),
    }),
    ServiceIdParam(SURVEY_SERVICE),
    ApiOkResponse({ type: SurveyResponse }),
    ApiProblemResponses(400, 404),
  );

export const UpsertSurveyDocs = (): MethodDecorator =>
  applyDecorators(
    ApiOperation({
      summary: 'Create or replace the survey of a service',
      description: sentences(
        'A service has at most one survey: 201 when this creates it, 200 when it replaces it (a field left out takes its default).',
        '`surveyUrl` is an http(s) URL; the activation chance is a percentage 0..100, the day counts 0 or more.',
        NOT_FOUND,
        writeProjection('survey'),
      ),
    }),
    ServiceIdParam(SURVEY_SERVICE),
    ApiBodyExamples(SurveyBodyDto, {
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
    }),
    ApiProblemResponses(400, 404, 413, 415),
  );

export const DeleteSurveyDocs = (): MethodDecorator =>
  applyDecorators(
    DeletedDocs('Delete the survey of a service', 'A 404 when the service does not exist or has no survey.'),
    ServiceIdParam(SURVEY_SERVICE),
  );
