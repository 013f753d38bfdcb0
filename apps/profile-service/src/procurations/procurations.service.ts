import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Any, type DataSource, type EntityManager, IsNull } from 'typeorm';

import { auditUpserted } from '@portal/audit';
import { stampCreated, stampUpdated } from '@portal/database';
import {
  openCursor,
  orderQuery,
  Page,
  type PageRequest,
  pageRequestOf,
  parseOrderBy,
  type SortTerm,
  StreamedPage,
} from '@portal/pagination';
import { NotFoundError, ValidationProblemError, type ValidationErrors } from '@portal/problem-details';

import { groupBy } from '../common/group-by';
import type { Upserted } from '../common/upsert';
import { FavoriteServiceEntity } from '../profiles/favorites/favorite-service.entity';
import { ProcurationInviteEntity } from './entities/procuration-invite.entity';
import { ProfileEnvironment } from '../profile-environment';
import type { ProfileExpansion } from '../profiles/dto/profile-query.dto';
import { findProfileOrFail, profileNotFound, type ProfileKind } from '../profiles/profile-lock';
import {
  PICTURE_BYTES_PAGE_SIZE,
  ProfilesService,
  STREAM_BATCH_SIZE,
  STREAM_STATEMENT_TIMEOUT_MS,
} from '../profiles/profiles.service';
import { onServiceReachChanged, SYNCED_FUNCTIONS } from '../service-reach/reach-changes';
import type {
  ListInboundProcurationsQueryDto,
  ListOutboundProcurationsQueryDto,
  PatchInboundProcurationDto,
  PatchOutboundProcurationDto,
  ProcurationExpansion,
  WriteProcurationDto,
} from './dto/procuration.dto';
import { ProcurationEntity } from './entities/procuration.entity';
import {
  fetchProcurationPage,
  type ProcurationFilters,
  PROCURATION_ORDER,
  procurationReader,
  procurationsQuery,
} from './procuration-list.query';
import type { ProcurationView } from './dto/procuration.response';
import { ProcurationServiceEntity } from './entities/procuration-service.entity';
import { initialValidity, renewedValidity, validityStateOf } from './procuration-validity';

/** A procuration by its path: principal, representative, and the delegator of `?DelegatorProfileId` (or none). */
export interface ProcurationKey {
  readonly principalProfileId: number;
  readonly representativeProfileId: number;
  readonly delegatorProfileId: number | null;
}

export interface ReadOptions {
  readonly expand: ReadonlySet<ProcurationExpansion>;
  readonly includeCustomImageBytes: boolean;
}

const NO_EXPANSION: ReadOptions = { expand: new Set(), includeCustomImageBytes: false };

/** What a read or list query asks to be expanded and included. */
export const readOptionsOf = (query: {
  readonly Expand?: readonly ProcurationExpansion[];
  readonly IncludeCustomImageBytes?: boolean;
}): ReadOptions => ({
  expand: new Set(query.Expand ?? []),
  includeCustomImageBytes: query.IncludeCustomImageBytes ?? false,
});

const describeKey = (key: ProcurationKey): string =>
  `from the profile ${key.principalProfileId} to the profile ${key.representativeProfileId}` +
  (key.delegatorProfileId === null
    ? ' without delegator'
    : ` through the delegator ${key.delegatorProfileId}`);

export const procurationNotFound = (key: ProcurationKey): NotFoundError =>
  new NotFoundError(`No procuration ${describeKey(key)}.`, 'PROCURATION.NOT_FOUND');

const isSynced = (fn: string | null): boolean => (SYNCED_FUNCTIONS as readonly string[]).includes(fn ?? '');

/** The profile expansions one of the three profiles asks for: `PrincipalProfile_Person` and so on. */
function profileExpansionsOf(
  expand: ReadonlySet<ProcurationExpansion>,
  stem: 'PrincipalProfile' | 'RepresentativeProfile' | 'DelegatorProfile',
): ReadonlySet<ProfileExpansion> | undefined {
  const wanted = [...expand].filter((value) => value === stem || value.startsWith(`${stem}_`));
  if (wanted.length === 0) return undefined;
  return new Set(
    wanted.filter((value) => value !== stem).map((value) => value.slice(stem.length + 1) as ProfileExpansion),
  );
}

/** The profiles of a key: three different ones (or two without delegator). */
export function procurationKeyErrors(key: ProcurationKey): ValidationErrors {
  const errors: ValidationErrors = {};
  if (key.principalProfileId === key.representativeProfileId) {
    errors.representativeProfileId = ['The principal and the representative must be two different profiles.'];
  }
  if (
    key.delegatorProfileId !== null &&
    [key.principalProfileId, key.representativeProfileId].includes(key.delegatorProfileId)
  ) {
    errors.DelegatorProfileId = ['The delegator must be neither the principal nor the representative.'];
  }
  return errors;
}

/**
 * Where the reference restricts a field (interfaces 2.2): a function only for an organization
 * principal and a person representative; pending delete (true) only for an organization
 * principal and an Owner representative.
 */
export function procurationFieldErrors(
  principal: ProfileKind,
  representative: ProfileKind,
  effectiveFunction: string | null,
  body: {
    personInOrganizationFunction?: string | null;
    isPersonInOrganizationPendingDelete?: boolean | null;
  },
): ValidationErrors {
  const errors: ValidationErrors = {};
  const organizationToPerson = principal.organizationId !== null && representative.personId !== null;
  if (body.personInOrganizationFunction && !organizationToPerson) {
    errors.personInOrganizationFunction = [
      'personInOrganizationFunction is only for an organization principal and a person representative.',
    ];
  }
  if (
    body.isPersonInOrganizationPendingDelete === true &&
    !(organizationToPerson && effectiveFunction === 'Owner')
  ) {
    errors.isPersonInOrganizationPendingDelete = [
      'isPersonInOrganizationPendingDelete is only for an organization principal and an Owner representative.',
    ];
  }
  return errors;
}

/**
 * Procurations (contract 6, interfaces 4.3), outbound (the path's profile as principal) and
 * inbound (as representative): lists, reads with ProcurationsExpand, create, the deprecated
 * upsert, merge-patches and delete. Every write runs in one transaction with the automated update
 * of its services (Owner and Manager functions). Validity is stored as stamps; isRenewable and
 * isUsable are computed on every read.
 */
@Injectable()
export class ProcurationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly profiles: ProfilesService,
    private readonly env: ProfileEnvironment,
  ) {}

  async listOutbound(
    profileId: number,
    query: ListOutboundProcurationsQueryDto,
  ): Promise<Page<ProcurationView> | StreamedPage<ProcurationView>> {
    return this.list(profileId, query, {
      principalProfileId: profileId,
      representativeProfileId: query.RepresentativeProfileId,
      isOrgOwner: query.IsOrgOwner,
      isOrgManagerOrOwner: query.IsOrgManagerOrOwner,
      representativeKeyword: query.RepresentativeProfileKeyword,
    });
  }

  async listInbound(
    profileId: number,
    query: ListInboundProcurationsQueryDto,
  ): Promise<Page<ProcurationView> | StreamedPage<ProcurationView>> {
    return this.list(profileId, query, {
      representativeProfileId: profileId,
      principalProfileId: query.PrincipalProfileId,
    });
  }

  /**
   * A page of procurations and its exact total; `PageSize=-1` answers every one the filters keep,
   * streamed from a cursor in batches as the profile list is (`ProfilesService.stream`), never
   * held whole.
   */
  private async list(
    profileId: number,
    query: ListOutboundProcurationsQueryDto | ListInboundProcurationsQueryDto,
    filters: ProcurationFilters,
  ): Promise<Page<ProcurationView> | StreamedPage<ProcurationView>> {
    const order = parseOrderBy(query.OrderBy, PROCURATION_ORDER);
    const manager = this.dataSource.manager;
    await findProfileOrFail(manager, profileId);
    const now = new Date();
    const allFilters: ProcurationFilters = {
      ...filters,
      delegatorProfileId: query.DelegatorProfileId,
      includeDelegations: query.IncludeDelegations,
      hasAccessToServiceId: query.HasAccessToServiceId,
    };
    const request = pageRequestOf(query);
    const options = readOptionsOf(query);
    if (request.pageSize === undefined) return this.stream(allFilters, order, request, now, options);
    const page = await fetchProcurationPage(procurationsQuery(manager, allFilters, now), order, request);
    const views = await this.viewsOf(manager, page.items, now, options);
    return new Page(views, page.totalCount, page.request);
  }

  /**
   * Every procuration the filters keep, through `openCursor` (the profile list's stream): the
   * total and every batch in one snapshot, each batch with its expansions read on the cursor's
   * connection. The per-caller and global stream bounds apply to it as to the profile list.
   */
  private async stream(
    filters: ProcurationFilters,
    order: readonly SortTerm[],
    request: PageRequest,
    now: Date,
    options: ReadOptions,
  ): Promise<StreamedPage<ProcurationView>> {
    const query = orderQuery(procurationsQuery(this.dataSource.manager, filters, now), order);
    const [text, values] = query.getQueryAndParameters();
    const read = procurationReader(query);
    const withBytes =
      options.includeCustomImageBytes &&
      [...options.expand].some((value) => value.endsWith('_ProfilePicture'));
    const { snapshot: total, batches } = await openCursor(this.dataSource, {
      statement: { text, values },
      batchSize: withBytes ? PICTURE_BYTES_PAGE_SIZE : STREAM_BATCH_SIZE,
      statementTimeoutMs: Math.max(STREAM_STATEMENT_TIMEOUT_MS, this.env.DATABASE_STATEMENT_TIMEOUT_MS),
      snapshot: (runner) => procurationsQuery(runner.manager, filters, now).getCount(),
      readBatch: (rows, runner) => this.viewsOf(runner.manager, rows.map(read), now, options),
    });
    return new StreamedPage(batches, total, request);
  }

  async get(
    key: ProcurationKey,
    options: ReadOptions,
    manager = this.dataSource.manager,
  ): Promise<ProcurationView> {
    const procuration = await this.find(manager, key);
    if (!procuration) {
      await this.assertProfiles(manager, key);
      throw procurationNotFound(key);
    }
    const [view] = await this.viewsOf(manager, [procuration], new Date(), options);
    return view;
  }

  /** POST: 201, or 400 when the procuration exists. */
  create(key: ProcurationKey, body: WriteProcurationDto): Promise<ProcurationView> {
    return this.dataSource.transaction(async (manager) => {
      const { principal, representative } = await this.lockProfiles(manager, key);
      const errors = procurationFieldErrors(
        principal,
        representative,
        body.personInOrganizationFunction ?? null,
        body,
      );
      if (await this.find(manager, key)) {
        (errors.representativeProfileId ??= []).push(
          `A procuration ${describeKey(key)} exists already; PATCH changes it.`,
        );
      }
      ValidationProblemError.throwIfAny(errors, 'PROCURATION.INVALID');
      const procuration = await this.insert(manager, key, body);
      await this.syncServices(manager, key, procuration.personInOrganizationFunction);
      // Read once, now that it exists: with its principal's and representative's state.
      return this.get(key, NO_EXPANSION, manager);
    });
  }

  /** PUT (deprecated): creates (201) or replaces the writable fields (200). */
  upsert(key: ProcurationKey, body: WriteProcurationDto): Promise<Upserted<ProcurationView>> {
    return this.dataSource.transaction(async (manager) => {
      const { principal, representative } = await this.lockProfiles(manager, key);
      ValidationProblemError.throwIfAny(
        procurationFieldErrors(principal, representative, body.personInOrganizationFunction ?? null, body),
        'PROCURATION.INVALID',
      );
      const existing = await this.find(manager, key);
      // The route's result in its audit record (the links the sync writes after it are its side effects).
      auditUpserted(!existing);
      if (!existing) {
        const procuration = await this.insert(manager, key, body);
        await this.syncServices(manager, key, procuration.personInOrganizationFunction);
        return { record: await this.get(key, NO_EXPANSION, manager), created: true };
      }
      const now = new Date();
      const previousFunction = existing.personInOrganizationFunction;
      if (body.validityStartStamp) {
        Object.assign(
          existing,
          initialValidity(new Date(body.validityStartStamp), this.env.procurationValidity),
        );
      }
      existing.personInOrganizationFunction = body.personInOrganizationFunction ?? null;
      existing.isPersonInOrganizationPendingDelete = body.isPersonInOrganizationPendingDelete ?? false;
      existing.representativeEmail = body.representativeEmail ?? null;
      existing.delegationMode = body.delegationMode ?? null;
      stampUpdated(existing, body.createdBy, now);
      await this.saveFields(manager, existing);
      await this.syncServices(manager, key, existing.personInOrganizationFunction, previousFunction);
      return { record: await this.viewOf(manager, existing), created: false };
    });
  }

  /** PATCH of the principal's side: validity, function, pending delete, renewal. */
  patchOutbound(key: ProcurationKey, body: PatchOutboundProcurationDto): Promise<ProcurationView> {
    return this.dataSource.transaction(async (manager) => {
      const { principal, representative } = await this.lockProfiles(manager, key);
      const procuration = await this.find(manager, key);
      if (!procuration) throw procurationNotFound(key);
      const previousFunction = procuration.personInOrganizationFunction;
      const nextFunction = body.personInOrganizationFunction?.isValuePresent
        ? (body.personInOrganizationFunction.value ?? null)
        : previousFunction;
      const errors = procurationFieldErrors(principal, representative, nextFunction, {
        personInOrganizationFunction: body.personInOrganizationFunction?.isValuePresent ? nextFunction : null,
        isPersonInOrganizationPendingDelete:
          body.isPersonInOrganizationPendingDelete ?? procuration.isPersonInOrganizationPendingDelete,
      });
      const now = new Date();
      if (body.validityStartStamp) {
        const start = new Date(body.validityStartStamp);
        if (start.getTime() >= procuration.validityEndStamp.getTime()) {
          (errors.validityStartStamp ??= []).push(
            `validityStartStamp must lie before the end of validity (${procuration.validityEndStamp.toISOString()}).`,
          );
        }
        procuration.validityStartStamp = start;
      }
      ValidationProblemError.throwIfAny(errors, 'PROCURATION.INVALID');
      procuration.personInOrganizationFunction = nextFunction;
      if (
        body.isPersonInOrganizationPendingDelete !== undefined &&
        body.isPersonInOrganizationPendingDelete !== null
      )
        procuration.isPersonInOrganizationPendingDelete = body.isPersonInOrganizationPendingDelete;
      if (body.hasBeenRenewed === true)
        Object.assign(procuration, renewedValidity(procuration, now, this.env.procurationValidity));
      if (body.renewalState?.isValuePresent && body.renewalState.value)
        procuration.renewalState = body.renewalState.value;
      stampUpdated(procuration, body.updatedBy, now);
      await this.saveFields(manager, procuration);
      await this.syncServices(manager, key, nextFunction, previousFunction);
      return this.viewOf(manager, procuration);
    });
  }

  /** PATCH of the representative's side: e-mail and delegation mode. */
  patchInbound(key: ProcurationKey, body: PatchInboundProcurationDto): Promise<ProcurationView> {
    return this.dataSource.transaction(async (manager) => {
      await this.lockProfiles(manager, key);
      const procuration = await this.find(manager, key);
      if (!procuration) throw procurationNotFound(key);
      if (body.representativeEmail !== undefined) procuration.representativeEmail = body.representativeEmail;
      if (body.delegationMode?.isValuePresent) procuration.delegationMode = body.delegationMode.value ?? null;
      stampUpdated(procuration, body.updatedBy, new Date());
      await this.saveFields(manager, procuration);
      return this.viewOf(manager, procuration);
    });
  }

  /** The procuration with its services (cascade) and its favorites. */
  async delete(key: ProcurationKey): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.lockProfiles(manager, key);
      const procuration = await this.find(manager, key);
      if (!procuration) throw procurationNotFound(key);
      await manager.delete(FavoriteServiceEntity, {
        profileId: key.principalProfileId,
        representativeProfileId: key.representativeProfileId,
        delegatorProfileId: key.delegatorProfileId ?? IsNull(),
      });
      await manager.delete(ProcurationEntity, { id: procuration.id });
    });
  }

  /** Writes the procuration's own columns (not the partly read profiles joined to it). */
  private async saveFields(manager: EntityManager, procuration: ProcurationEntity): Promise<void> {
    await manager.update(ProcurationEntity, procuration.id, {
      validityStartStamp: procuration.validityStartStamp,
      validityEndStamp: procuration.validityEndStamp,
      renewableFromDate: procuration.renewableFromDate,
      renewalState: procuration.renewalState,
      representativeEmail: procuration.representativeEmail,
      personInOrganizationFunction: procuration.personInOrganizationFunction,
      isPersonInOrganizationPendingDelete: procuration.isPersonInOrganizationPendingDelete,
      delegationMode: procuration.delegationMode,
      updatedBy: procuration.updatedBy,
      updateStamp: procuration.updateStamp,
    });
  }

  /** The procuration of the key, with its principal's and representative's kind and state; or null. */
  find(manager: EntityManager, key: ProcurationKey): Promise<ProcurationEntity | null> {
    return procurationsQuery(manager, key, new Date()).getOne();
  }

  /**
   * The three profiles of the key, or a 404 naming the first missing one. Within a write, the
   * principal is locked FOR UPDATE: a role granted to it concurrently (which takes a KEY SHARE lock
   * on it) waits for the procuration write, or the write waits for it, so that the automated
   * update of an Owner procuration always sees the principal's roles.
   */
  async lockProfiles(
    manager: EntityManager,
    key: ProcurationKey,
  ): Promise<{ principal: ProfileKind; representative: ProfileKind }> {
    const [principal] = await manager.query<ProfileKind[]>(
      `SELECT id, person_id AS "personId", organization_id AS "organizationId", NULL AS "accountId"
         FROM profile WHERE id = $1 FOR UPDATE`,
      [key.principalProfileId],
    );
    if (!principal) throw profileNotFound(key.principalProfileId);
    const representative = await findProfileOrFail(manager, key.representativeProfileId, 'share');
    if (key.delegatorProfileId !== null) await findProfileOrFail(manager, key.delegatorProfileId, 'share');
    ValidationProblemError.throwIfAny(procurationKeyErrors(key), 'PROCURATION.INVALID');
    return { principal, representative };
  }

  private async assertProfiles(manager: EntityManager, key: ProcurationKey): Promise<void> {
    await findProfileOrFail(manager, key.principalProfileId);
    await findProfileOrFail(manager, key.representativeProfileId);
    if (key.delegatorProfileId !== null) await findProfileOrFail(manager, key.delegatorProfileId);
  }

  /** Inserts a new procuration of the key (the caller holds the profiles and checked the rules). */
  async insert(
    manager: EntityManager,
    key: ProcurationKey,
    body: WriteProcurationDto,
    procurationInviteId: number | null = null,
  ): Promise<ProcurationEntity> {
    const now = new Date();
    const start = body.validityStartStamp ? new Date(body.validityStartStamp) : now;
    const procuration = manager.create(ProcurationEntity, {
      ...key,
      ...initialValidity(start, this.env.procurationValidity),
      removalDate: null,
      renewalState: 'Active',
      representativeEmail: body.representativeEmail ?? null,
      personInOrganizationFunction: body.personInOrganizationFunction ?? null,
      isPersonInOrganizationPendingDelete: body.isPersonInOrganizationPendingDelete ?? false,
      delegationMode: body.delegationMode ?? null,
      procurationInviteId,
    });
    stampCreated(procuration, body.createdBy, now);
    await manager.insert(ProcurationEntity, procuration);
    return procuration;
  }

  /** The automated update of the procuration's services when its function is (or was) Owner or Manager. */
  private async syncServices(
    manager: EntityManager,
    key: ProcurationKey,
    fn: string | null,
    previousFunction: string | null = null,
  ): Promise<void> {
    if (isSynced(fn) || isSynced(previousFunction))
      await onServiceReachChanged(manager, {
        kind: 'procurations',
        principalProfileIds: [key.principalProfileId],
      });
  }

  /**
   * A written procuration's response, from the row the write read and changed (with its profiles'
   * state): not read again. The automated update changes its services, never its own columns.
   */
  private async viewOf(manager: EntityManager, procuration: ProcurationEntity): Promise<ProcurationView> {
    const [view] = await this.viewsOf(manager, [procuration], new Date(), NO_EXPANSION);
    return view;
  }

  /**
   * State and expansions of a page: one query per expansion for the whole page, one after the
   * other, its ids as one array parameter (`= ANY($1)`) however many a `PageSize=-1` page holds.
   */
  async viewsOf(
    manager: EntityManager,
    procurations: readonly ProcurationEntity[],
    now: Date,
    options: ReadOptions,
  ): Promise<ProcurationView[]> {
    const views: ProcurationView[] = procurations.map((procuration) => ({
      procuration,
      state: validityStateOf(
        procuration,
        {
          principalEnabled: procuration.principalProfile?.isEnabled ?? false,
          representativeEnabled: procuration.representativeProfile?.isEnabled ?? false,
        },
        now,
      ),
    }));
    if (views.length === 0) return views;
    const { expand, includeCustomImageBytes } = options;
    const stems = [
      ['PrincipalProfile', 'principalProfile', (p: ProcurationEntity) => p.principalProfileId],
      ['RepresentativeProfile', 'representativeProfile', (p: ProcurationEntity) => p.representativeProfileId],
      ['DelegatorProfile', 'delegatorProfile', (p: ProcurationEntity) => p.delegatorProfileId],
    ] as const;
    for (const [stem, property, idOf] of stems) {
      const profileExpand = profileExpansionsOf(expand, stem);
      if (!profileExpand) continue;
      const ids = procurations.map(idOf).filter((id): id is number => id !== null);
      const records = await this.profiles.getMany(
        ids,
        { expand: profileExpand, includeCustomImageBytes },
        manager,
      );
      for (const view of views) {
        const id = idOf(view.procuration);
        const record = id === null ? undefined : records.get(id);
        if (property === 'delegatorProfile') view.delegatorProfile = record ?? null;
        else if (property === 'principalProfile') view.principalProfile = record;
        else view.representativeProfile = record;
      }
    }
    if (expand.has('ProcurationServices')) {
      const links = await manager.find(ProcurationServiceEntity, {
        where: { procurationId: Any(procurations.map((p) => p.id)) },
        order: { id: 'ASC' },
      });
      const linksOf = groupBy(links, (link) => link.procurationId);
      for (const view of views) view.procurationServices = linksOf.get(view.procuration.id) ?? [];
    }
    if (expand.has('ProcurationInvite')) {
      const inviteIds = procurations
        .map((p) => p.procurationInviteId)
        .filter((id): id is number => id !== null);
      const invites =
        inviteIds.length === 0 ? [] : await manager.findBy(ProcurationInviteEntity, { id: Any(inviteIds) });
      const byId = new Map(invites.map((invite) => [invite.id, invite]));
      for (const view of views) {
        const inviteId = view.procuration.procurationInviteId;
        view.procurationInvite = inviteId === null ? null : (byId.get(inviteId) ?? null);
      }
    }
    return views;
  }
}
