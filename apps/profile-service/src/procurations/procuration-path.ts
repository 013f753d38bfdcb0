import { applyDecorators, Param } from '@nestjs/common';

import { ParseInt32Pipe } from '@portal/http-context';
import type { ExampleByVersion } from '@portal/service-runtime';

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

type Example = number | ExampleByVersion<number>;

const principalParam = (example: Example): MethodDecorator =>
  IdParam('principalProfileId', example, 'int32 identifier of the principal.');
const representativeParam = (example: Example): MethodDecorator =>
  IdParam('representativeProfileId', example, 'int32 identifier of the representative.');

/** The principal and the representative of a procuration the examples address. */
const procurationParams = (principal: Example, representative: Example): MethodDecorator =>
  applyDecorators(principalParam(principal), representativeParam(representative));

/**
 * Laura Meier (3) for Schreinerei Huber (2), the demo procuration every read, replace, renewal and
 * service link example of both versions addresses: it is never deleted.
 */
export const DemoProcurationParams = (): MethodDecorator => procurationParams(2, 3);
/**
 * The create example's pair, which the demo data leaves out: Huber (2) gives Marco Rossi (1) a
 * procuration under v10-0, Thomas Baumann (7) under v9-1.
 */
export const CreatedProcurationParams = (): MethodDecorator =>
  procurationParams(2, { 'v10-0': 1, 'v9-1': 7 });
/** The outbound delete's: Huber (2) to Nicole Keller (6) under v10-0, Marco (1) to her under v9-1. */
export const OutboundDeletedProcurationParams = (): MethodDecorator =>
  procurationParams({ 'v10-0': 2, 'v9-1': 1 }, 6);
/** The inbound delete's: Thomas Baumann (7) gives up Marco's (1) under v10-0, Laura's (3) under v9-1. */
export const InboundDeletedProcurationParams = (): MethodDecorator =>
  procurationParams({ 'v10-0': 1, 'v9-1': 3 }, 7);
/**
 * A service of the demo procuration: 7, vat-declaration (procuration-available, granted to
 * companies), read and marked as favorite; 2, tax-payment, the one the link examples replace and
 * delete.
 */
export const ProcurationServiceIdParam = (example: 7 | 2 = 7): MethodDecorator =>
  IdParam('serviceId', example);
