import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';

import { isUniqueViolation } from '@portal/database';
import { fetchPage, type Page, type PageQueryDto, pageRequestOf, parseOrderBy } from '@portal/pagination';
import { NotFoundError, quoteInput, ValidationProblemError } from '@portal/problem-details';

import { notFoundError } from '../../common/crud/resource-definition';
import { whereEquals, whereEqualsIgnoringCase } from '../../common/query-filters';
import { orderByOfResponse } from '../../common/response-shape';
import { type Upserted, upsertLink } from '../../common/upsert';
import { findProfileOrFail } from '../profile-lock';
import { IdentificationLevelEntity } from '../../reference-data/identification-levels/identification-level.entity';
import { IdentityProviderEntity } from '../../reference-data/identity-providers/identity-provider.entity';
import { IDENTITY_PROVIDER_RESOURCE } from '../../reference-data/identity-providers/identity-provider.response';
import { type IdentityExpansion, type ListIdentitiesQueryDto, type UpsertIdentityDto } from './identity.dto';
import { IDENTITY_RELATIONS, IdentityResponse } from './identity.response';
import { IDENTITY_EXTERNAL_ID_UNIQUE, IdentityEntity } from './identity.entity';

const IDENTITY = 'identity';
const IDENTITY_ORDER = orderByOfResponse(IdentityResponse, IDENTITY, IDENTITY_RELATIONS);

/**
 * Identities: every profile's, for finding a profile by its external id (`GET /identities`), and
 * one profile's, written through it (`/profiles/{profileId}/identities/{identityProviderId}`). A
 * person profile has at most one identity per provider; an external id belongs to one profile per
 * provider.
 */
@Injectable()
export class IdentitiesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(query: ListIdentitiesQueryDto): Promise<Page<IdentityEntity>> {
    const order = parseOrderBy(query.OrderBy, IDENTITY_ORDER);
    const list = this.identities(this.dataSource.manager, query.Expand);
    whereEquals(list, `${IDENTITY}.externalId`, query.ExternalId);
    if (query.IdpName !== undefined) {
      list.innerJoin(`${IDENTITY}.identityProvider`, 'provider');
      whereEqualsIgnoringCase(list, 'provider.name', query.IdpName);
    }
    return fetchPage(list, order, pageRequestOf(query));
  }

  async listOfProfile(
    profileId: number,
    query: PageQueryDto & { Expand?: IdentityExpansion[] },
  ): Promise<Page<IdentityEntity>> {
    const order = parseOrderBy(query.OrderBy, IDENTITY_ORDER);
    await findProfileOrFail(this.dataSource.manager, profileId);
    const list = this.identities(this.dataSource.manager, query.Expand).where(
      `${IDENTITY}.profileId = :profileId`,
      { profileId },
    );
    return fetchPage(list, order, pageRequestOf(query));
  }

  /** Links the person profile to the provider, or updates its link (201 or 200). */
  async upsert(
    profileId: number,
    identityProviderId: number,
    body: UpsertIdentityDto,
  ): Promise<Upserted<IdentityEntity>> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const profile = await findProfileOrFail(manager, profileId, 'share');
        if (profile.accountId === null) {
          throw ValidationProblemError.of(
            'profileId',
            `The profile ${profileId} is an organization profile; only a person profile has identities.`,
            'IDENTITY.NOT_A_PERSON',
          );
        }
        await this.assertProvider(manager, identityProviderId);
        if (!(await manager.existsBy(IdentificationLevelEntity, { id: body.identificationLevelId }))) {
          throw ValidationProblemError.of(
            'identificationLevelId',
            `No identification level has the id ${body.identificationLevelId}.`,
            'IDENTITY.UNKNOWN_IDENTIFICATION_LEVEL',
          );
        }
        return upsertLink(
          manager,
          IdentityEntity,
          { profileId, identityProviderId },
          {
            accountId: profile.accountId,
            identificationLevelId: body.identificationLevelId,
            externalId: body.externalId,
            metadata: body.metadata ?? null,
          },
          body.createdBy,
        );
      });
    } catch (error) {
      if (isUniqueViolation(error, IDENTITY_EXTERNAL_ID_UNIQUE)) {
        throw ValidationProblemError.of(
          'externalId',
          `The external id ${quoteInput(body.externalId)} already belongs to another profile at the identity provider ${identityProviderId}.`,
          'IDENTITY.EXTERNAL_ID_TAKEN',
        );
      }
      throw error;
    }
  }

  async delete(profileId: number, identityProviderId: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await findProfileOrFail(manager, profileId, 'share');
      await this.assertProvider(manager, identityProviderId);
      const result = await manager.delete(IdentityEntity, { profileId, identityProviderId });
      if (!result.affected) {
        throw new NotFoundError(
          `The profile ${profileId} has no identity at the identity provider ${identityProviderId}.`,
          'IDENTITY.NOT_FOUND',
        );
      }
    });
  }

  private identities(
    manager: EntityManager,
    expand: readonly IdentityExpansion[] = [],
  ): SelectQueryBuilder<IdentityEntity> {
    const list = manager.getRepository(IdentityEntity).createQueryBuilder(IDENTITY);
    if (expand.includes('Account')) list.leftJoinAndSelect(`${IDENTITY}.account`, 'account');
    if (expand.includes('IdentificationLevel'))
      list.leftJoinAndSelect(`${IDENTITY}.identificationLevel`, 'identificationLevel');
    return list;
  }

  private async assertProvider(manager: EntityManager, identityProviderId: number): Promise<void> {
    if (!(await manager.existsBy(IdentityProviderEntity, { id: identityProviderId })))
      throw notFoundError(IDENTITY_PROVIDER_RESOURCE, identityProviderId);
  }
}
