import type { ExampleByVersion } from '@portal/service-runtime';

import { CreatedByBodyDto } from '../../common/body-fields';
import {
  DeleteDocs,
  IdParam,
  NOT_FOUND,
  ReadDocs,
  readProjection,
  ResourceDocs,
  sentences,
  UPSERT,
  WriteDocs,
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

const NO_SURVEY = 'A 404 when the service does not exist or has no survey.';

export const UpsertServiceRoleDocs = (): MethodDecorator =>
  WriteDocs(
    {
      summary: 'Grant a service to the holders of a role (a service role)',
      description: sentences(
        UPSERT,
        'Profiles that hold the role reach the service; `isVisible` (default true) says whether it shows to them.',
        NOT_FOUND,
        writeProjection('serviceRole'),
      ),
    },
    ServiceRoleBodyDto,
    {
      serviceRole: {
        summary: 'Companies (role Business, demo role 2) may request parking permits (demo service 6)',
        value: { isVisible: true, createdBy: 'beat.keller' },
      },
    },
    ServiceIdParam(6),
    IdParam('roleId', 2),
  );

export const DeleteServiceRoleDocs = (): MethodDecorator =>
  DeleteDocs(
    {
      summary: 'Stop granting a service to the holders of a role',
      description: sentences(
        'Answers 204.',
        'A 404 when the service does not exist or the role does not grant it.',
      ),
    },
    // commercial-register-extract (8) for NonProfit (3) and for PublicAuthority (4).
    ServiceIdParam(8),
    IdParam('roleId', { 'v10-0': 3, 'v9-1': 4 }),
  );

export const UpsertServiceClientDocs = (): MethodDecorator =>
  WriteDocs(
    {
      summary: 'Record that a client offers a service',
      description: sentences(UPSERT, NOT_FOUND, writeProjection('serviceClient')),
    },
    CreatedByBodyDto,
    {
      serviceClient: {
        summary: 'The residence certificate (demo service 4) in the mobile app (demo client 2)',
        value: { createdBy: 'beat.keller' },
      },
    },
    ServiceIdParam(4),
    IdParam('clientId', 2),
  );

export const DeleteServiceClientDocs = (): MethodDecorator =>
  DeleteDocs(
    {
      summary: 'Record that a client no longer offers a service',
      description: sentences(
        'Answers 204.',
        'A 404 when the service does not exist or the client does not offer it.',
      ),
    },
    // parking-permit (6) and change-of-address (3) on portal-mobile (2).
    ServiceIdParam({ 'v10-0': 6, 'v9-1': 3 }),
    IdParam('clientId', 2),
  );

export const ReadSurveyDocs = (): MethodDecorator =>
  ReadDocs(
    { summary: 'Read the survey of a service', description: sentences(NO_SURVEY, readProjection('survey')) },
    SurveyResponse,
    ServiceIdParam(SURVEY_SERVICE),
  );

export const UpsertSurveyDocs = (): MethodDecorator =>
  WriteDocs(
    {
      summary: 'Create or replace the survey of a service',
      description: sentences(
        'A service has at most one survey: 201 when this creates it, 200 when it replaces it (a field left out takes its default).',
        '`surveyUrl` is an http(s) URL; the activation chance is a percentage 0..100, the day counts 0 or more.',
        NOT_FOUND,
        writeProjection('survey'),
      ),
    },
    SurveyBodyDto,
    {
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
    },
    ServiceIdParam(SURVEY_SERVICE),
  );

export const DeleteSurveyDocs = (): MethodDecorator =>
  DeleteDocs(
    { summary: 'Delete the survey of a service', description: sentences('Answers 204.', NO_SURVEY) },
    ServiceIdParam(SURVEY_SERVICE),
  );
