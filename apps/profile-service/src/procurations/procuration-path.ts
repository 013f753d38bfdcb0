import { Param } from '@nestjs/common';

import { ParseInt32Pipe } from '@portal/http-context';

import { IdParam } from '../common/operation-docs';

/**
 * The path parameters of the procuration routes. The examples are the profiles the OpenAPI
 * examples create on a fresh database: 1 a person (Anna Muster), 2 an organization (Bäckerei
 * Keller AG, category Company).
 */
export const PrincipalProfileId = (): ParameterDecorator => Param('principalProfileId', ParseInt32Pipe);
export const RepresentativeProfileId = (): ParameterDecorator =>
  Param('representativeProfileId', ParseInt32Pipe);
export const ServiceId = (): ParameterDecorator => Param('serviceId', ParseInt32Pipe);

/** Outbound: the organization 2 is the principal, the person 1 its representative. */
export const OutboundPrincipalParam = (): MethodDecorator =>
  IdParam('principalProfileId', 2, 'int32 identifier of the principal.');
export const OutboundRepresentativeParam = (): MethodDecorator =>
  IdParam('representativeProfileId', 1, 'int32 identifier of the representative.');
/** Inbound: the person 1 acts for the organization 2. */
export const InboundRepresentativeParam = (): MethodDecorator =>
  IdParam('representativeProfileId', 1, 'int32 identifier of the representative.');
export const InboundPrincipalParam = (): MethodDecorator =>
  IdParam('principalProfileId', 2, 'int32 identifier of the principal.');
/** Demo service 7, vat-declaration: procuration-available, granted to companies (role Business). */
export const ProcurationServiceIdParam = (): MethodDecorator => IdParam('serviceId', 7);
