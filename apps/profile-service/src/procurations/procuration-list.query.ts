import type { EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';

import {
  fetchRawPage,
  type OrderByWhitelist,
  type Page,
  type PageRequest,
  type SortTerm,
} from '@portal/pagination';

import { inSearchValues, keywordAlternatives } from '../common/query-filters';
import { rawReader } from '../common/raw-rows';
import { orderByOfResponse } from '../common/response-shape';
import { PROCURATION_RELATIONS, ProcurationResponse } from './dto/procuration.response';
import type { ProfileEntity } from '../profiles/entities/profile.entity';
import { SYNCED_FUNCTIONS } from '../service-reach/reach-changes';
import { ProcurationEntity } from './entities/procuration.entity';

export const PROCURATION = 'procuration';
export const PRINCIPAL = 'principal';
export const REPRESENTATIVE = 'representative';

/** The filters of both procuration lists and of the reads (interfaces 4.3), in one shape. */
export interface ProcurationFilters {
  readonly principalProfileId?: number;
  readonly representativeProfileId?: number;
  /** A number: that delegator; null: no delegator; undefined: any. */
  readonly delegatorProfileId?: number | null;
  /** false: only procurations without delegator. */
  readonly includeDelegations?: boolean;
  readonly isOrgOwner?: boolean;
  readonly isOrgManagerOrOwner?: boolean;
  readonly representativeKeyword?: string;
  readonly hasAccessToServiceId?: number;
}

/** OrderBy over the stored properties of a procuration (not the computed isRenewable and isUsable). */
export const PROCURATION_ORDER: OrderByWhitelist = Object.fromEntries(
  Object.entries(orderByOfResponse(ProcurationResponse, PROCURATION, PROCURATION_RELATIONS)).filter(
    ([property]) => property !== 'isRenewable' && property !== 'isUsable',
  ),
);

/**
 * The filters as SQL conditions over `procuration` and its `representative` profile, with named
 * parameters (prefixed `pf`): a pure function, so that each rule can be checked on its own.
 */
export function procurationConditions(
  filters: ProcurationFilters,
  now: Date,
): { conditions: string[]; parameters: ObjectLiteral } {
  const conditions: string[] = [];
  const parameters: ObjectLiteral = {};
  const p = PROCURATION;
  if (filters.principalProfileId !== undefined) {
    conditions.push(`${p}.principal_profile_id = :pfPrincipal`);
    parameters.pfPrincipal = filters.principalProfileId;
  }
  if (filters.representativeProfileId !== undefined) {
    conditions.push(`${p}.representative_profile_id = :pfRepresentative`);
    parameters.pfRepresentative = filters.representativeProfileId;
  }
  if (filters.delegatorProfileId === null) conditions.push(`${p}.delegator_profile_id IS NULL`);
  else if (filters.delegatorProfileId !== undefined) {
    conditions.push(`${p}.delegator_profile_id = :pfDelegator`);
    parameters.pfDelegator = filters.delegatorProfileId;
  }
  if (filters.includeDelegations === false) conditions.push(`${p}.delegator_profile_id IS NULL`);
  if (filters.isOrgOwner !== undefined) {
    const comparison = filters.isOrgOwner ? 'IS NOT DISTINCT FROM' : 'IS DISTINCT FROM';
    conditions.push(`${p}.person_in_organization_function ${comparison} 'Owner'`);
  }
  if (filters.isOrgManagerOrOwner !== undefined) {
    conditions.push(
      `${filters.isOrgManagerOrOwner ? '' : 'NOT '}coalesce(${p}.person_in_organization_function = ANY(:pfSynced), false)`,
    );
    parameters.pfSynced = [...SYNCED_FUNCTIONS];
  }
  if (filters.representativeKeyword !== undefined) {
    // The representative as the profile list's Keyword finds it (contract 9).
    let spelling = 0;
    const add = (pattern: string): string => {
      const name = `pfKeyword${(spelling += 1)}`;
      parameters[name] = pattern;
      return `:${name}`;
    };
    // The distinct values in the statement: it searches one profile's procurations, not all profiles.
    const alternatives = keywordAlternatives(
      REPRESENTATIVE,
      filters.representativeKeyword,
      add,
      inSearchValues(add),
    );
    conditions.push(`(${alternatives.join(' OR ')})`);
  }
  if (filters.hasAccessToServiceId !== undefined) {
    conditions.push(
      `EXISTS (SELECT 1 FROM procuration_service access_link
                WHERE access_link.procuration_id = ${p}.id AND access_link.service_id = :pfService
                  AND access_link.validity_start_stamp <= :pfNow)`,
    );
    parameters.pfService = filters.hasAccessToServiceId;
    parameters.pfNow = now;
  }
  return { conditions, parameters };
}

/**
 * The procurations the filters keep, with the principal's and the representative's kind and
 * `isEnabled` (for isUsable and the rules of writes). Served by the unique index (principal,
 * representative, delegator) and the representative's index. Order and pages are the caller's.
 */
export function procurationsQuery(
  manager: EntityManager,
  filters: ProcurationFilters,
  now: Date,
): SelectQueryBuilder<ProcurationEntity> {
  const query = manager
    .getRepository(ProcurationEntity)
    .createQueryBuilder(PROCURATION)
    .innerJoin(`${PROCURATION}.principalProfile`, PRINCIPAL)
    .addSelect([
      `${PRINCIPAL}.id`,
      `${PRINCIPAL}.isEnabled`,
      `${PRINCIPAL}.personId`,
      `${PRINCIPAL}.organizationId`,
    ])
    .innerJoin(`${PROCURATION}.representativeProfile`, REPRESENTATIVE)
    .addSelect([
      `${REPRESENTATIVE}.id`,
      `${REPRESENTATIVE}.isEnabled`,
      `${REPRESENTATIVE}.personId`,
      `${REPRESENTATIVE}.organizationId`,
    ]);
  const { conditions, parameters } = procurationConditions(filters, now);
  for (const condition of conditions) query.andWhere(condition);
  return query.setParameters(parameters);
}

/**
 * One page of procurations and the total in one statement (`fetchRawPage`): the joins are
 * many-to-one, so LIMIT and OFFSET apply to procurations as they are. The rows are read raw
 * (`procurationReader`): TypeORM's hydration of joined rows costs far more than the query (a
 * thousand procurations: about 1 ms of SQL, over 100 ms of hydration).
 */
export async function fetchProcurationPage(
  query: SelectQueryBuilder<ProcurationEntity>,
  order: readonly SortTerm[],
  request: PageRequest,
): Promise<Page<ProcurationEntity>> {
  return fetchRawPage(query, order, request, procurationReader(query));
}

/**
 * Reads a raw row of `procurationsQuery` (its page, or a cursor over its statement) as the
 * procuration with the parts of its principal and representative it selects, without TypeORM's
 * hydration of joined rows.
 */
export function procurationReader(
  query: SelectQueryBuilder<ProcurationEntity>,
): (row: Record<string, unknown>) => ProcurationEntity {
  const read = rawReader(query.connection, ProcurationEntity, PROCURATION);
  return (row) => {
    const procuration = read(row);
    procuration.principalProfile = profileOf(row, PRINCIPAL);
    procuration.representativeProfile = profileOf(row, REPRESENTATIVE);
    return procuration;
  };
}

/** The part of a joined profile the procurations read: its kind and isEnabled. */
const profileOf = (row: Record<string, unknown>, alias: string): ProfileEntity =>
  ({
    id: row[`${alias}_id`],
    isEnabled: row[`${alias}_is_enabled`],
    personId: row[`${alias}_person_id`],
    organizationId: row[`${alias}_organization_id`],
  }) as ProfileEntity;
