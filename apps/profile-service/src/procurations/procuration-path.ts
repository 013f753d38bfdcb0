import { Param } from '@nestjs/common';

import { ParseInt32Pipe } from '@portal/http-context';

import { IdParam } from '../common/operation-docs';

/**
 * The path parameters of the procuration routes. The examples are the demo profiles of a fresh
 * `npm start` (SEED_DEMO_PROFILES): 1 a person (Marco Rossi), 2 an organization (Schreinerei Huber
 * GmbH, category Company), 3 a person (Laura Meier) who already acts for 2.
 */
export const PrincipalProfileId = (): ParameterDecorator => Param('principalProfileId', ParseInt32Pipe);
export const RepresentativeProfileId = (): ParameterDecorator =>
  Param('representativeProfileId', ParseInt32Pipe);
export const ServiceId = (): ParameterDecorator => Param('serviceId', ParseInt32Pipe);

/**
 * The writes' examples: the organization 2 gives the person 1 a procuration (the outbound create
 * example makes it), 1 acts for 2.
 */
export const OutboundPrincipalParam = (): MethodDecorator =>
  IdParam('principalProfileId', 2, 'int32 identifier of the principal.');
export const OutboundRepresentativeParam = (): MethodDecorator =>
  IdParam('representativeProfileId', 1, 'int32 identifier of the representative.');
export const InboundRepresentativeParam = (): MethodDecorator =>
  IdParam('representativeProfileId', 1, 'int32 identifier of the representative.');
export const InboundPrincipalParam = (): MethodDecorator =>
  IdParam('principalProfileId', 2, 'int32 identifier of the principal.');
/**
 * The reads' examples and giving up a procuration: Laura Meier (3), whose procuration for the
 * organization 2 the demo data holds, so that the reads answer on a fresh `npm start` before any
 * write example ran (seeding 2 to 1 instead would make the create example a 400), and the outbound
 * delete's example takes 2 to 1 away.
 */
export const DemoRepresentativeParam = (): MethodDecorator =>
  IdParam('representativeProfileId', 3, 'int32 identifier of the representative.');
/**
 * Demo service 7, vat-declaration: procuration-available, granted to companies (role Business),
 * one of the services of the demo procuration of 2 to 3.
 */
export const ProcurationServiceIdParam = (): MethodDecorator => IdParam('serviceId', 7);
