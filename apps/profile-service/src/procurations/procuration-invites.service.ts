import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

import { auditCreated } from '@portal/audit';
import { stampCreated, stampUpdated } from '@portal/database';
import { NotFoundError, ValidationProblemError, type ValidationErrors } from '@portal/problem-details';

import { PersonEntity } from '../profiles/entities/person.entity';
import type { ProcurationView } from './dto/procuration.response';
import { type ProcurationKey, ProcurationsService } from './procurations.service';
import { linkInviteServices } from '../service-reach/procuration-links';
import { profileReaches, queryNamed } from '../service-reach/reach';
import type {
  ApproveProcurationInviteDto,
  ConsumeProcurationInviteDto,
  CreateProcurationInviteDto,
} from './dto/procuration-invite.dto';
import { ProcurationInviteEntity } from './entities/procuration-invite.entity';
import { inviteTokenDigest, newInviteToken } from './procuration-invite-token';

/** An invite may be taken and approved for this long unless its creator says otherwise. */
export const INVITE_VALIDITY_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

const inviteNotFound = (): NotFoundError =>
  new NotFoundError('No procuration invite has this token.', 'PROCURATION_INVITE.NOT_FOUND');

const refused = (message: string, code: string): ValidationProblemError =>
  ValidationProblemError.of('token', message, code);

/**
 * Procuration invites (contract 6): created with a random token (returned once, stored as its
 * SHA-256 digest), read by token, consumed by the representative, approved by the principal, which
 * creates the procuration with the invite's services in the same transaction. An expired invite,
 * a second consumption or a second approval is a 400; an unknown token a 404.
 */
@Injectable()
export class ProcurationInvitesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly procurations: ProcurationsService,
  ) {}

  create(body: CreateProcurationInviteDto): Promise<{ invite: ProcurationInviteEntity; token: string }> {
    return this.dataSource.transaction(async (manager) => {
      const now = new Date();
      const errors: ValidationErrors = {};
      const [principal] = await manager.query<unknown[]>(
        'SELECT 1 FROM profile WHERE id = $1 FOR KEY SHARE',
        [body.principalProfileId],
      );
      if (!principal) errors.principalProfileId = [`No profile has the id ${body.principalProfileId}.`];
      const expirationStamp = body.expirationStamp
        ? new Date(body.expirationStamp)
        : new Date(now.getTime() + INVITE_VALIDITY_DAYS * DAY_MS);
      if (expirationStamp.getTime() <= now.getTime())
        errors.expirationStamp = ['expirationStamp must lie in the future.'];
      if (principal)
        Object.assign(
          errors,
          await this.unshareable(manager, body.principalProfileId, body.serviceIds ?? []),
        );
      const serviceIds = [...new Set(body.serviceIds ?? [])];
      ValidationProblemError.throwIfAny(errors, 'PROCURATION_INVITE.INVALID');
      const token = newInviteToken();
      const invite = manager.create(ProcurationInviteEntity, {
        principalProfileId: body.principalProfileId,
        representativeProfileId: null,
        description: body.description ?? null,
        token: inviteTokenDigest(token),
        expirationStamp,
        consumptionStamp: null,
        isReadyForApproval: false,
        isApproved: false,
        approvalStamp: null,
        messageToPrincipal: null,
        principalBusinessCaseId: body.principalBusinessCaseId ?? null,
        representativeBusinessCaseId: null,
        representativeEmail: body.representativeEmail ?? null,
        serviceIds,
        consumerInOrgFirstname: null,
        consumerInOrgLastname: null,
        consumerInOrgProfileId: null,
      });
      stampCreated(invite, body.createdBy, now);
      await manager.insert(ProcurationInviteEntity, invite);
      auditCreated(invite.id);
      return { invite, token };
    });
  }

  async get(token: string): Promise<ProcurationInviteEntity> {
    const invite = await this.dataSource.manager.findOneBy(ProcurationInviteEntity, {
      token: inviteTokenDigest(token),
    });
    if (!invite) throw inviteNotFound();
    return invite;
  }

  /** The representative takes the invite: once, before it expires. */
  consume(token: string, body: ConsumeProcurationInviteDto): Promise<ProcurationInviteEntity> {
    return this.dataSource.transaction(async (manager) => {
      const invite = await this.lockOpen(manager, token);
      if (invite.consumptionStamp !== null)
        throw refused('The invite has been consumed already.', 'PROCURATION_INVITE.CONSUMED');
      const errors: ValidationErrors = {};
      const representative = await manager.query<{ organizationId: number | null }[]>(
        'SELECT organization_id AS "organizationId" FROM profile WHERE id = $1 FOR KEY SHARE',
        [body.representativeProfileId],
      );
      if (representative.length === 0)
        errors.representativeProfileId = [`No profile has the id ${body.representativeProfileId}.`];
      else if (body.representativeProfileId === invite.principalProfileId)
        errors.representativeProfileId = ['The principal cannot be its own representative.'];
      let consumer: PersonEntity | null = null;
      if (body.consumerInOrgProfileId !== undefined && body.consumerInOrgProfileId !== null) {
        const [consumerProfile] = await manager.query<{ personId: number | null }[]>(
          'SELECT person_id AS "personId" FROM profile WHERE id = $1',
          [body.consumerInOrgProfileId],
        );
        if (!consumerProfile)
          errors.consumerInOrgProfileId = [`No profile has the id ${body.consumerInOrgProfileId}.`];
        else if (consumerProfile.personId === null)
          errors.consumerInOrgProfileId = [
            'The consumer acting for an organization must be a person profile.',
          ];
        else if (representative[0] && representative[0].organizationId === null)
          errors.consumerInOrgProfileId = [
            'Only an organization representative is consumed for by a person in it.',
          ];
        else consumer = await manager.findOneBy(PersonEntity, { id: consumerProfile.personId });
      }
      ValidationProblemError.throwIfAny(errors, 'PROCURATION_INVITE.INVALID');
      const now = new Date();
      invite.representativeProfileId = body.representativeProfileId;
      invite.consumptionStamp = now;
      invite.isReadyForApproval = true;
      invite.messageToPrincipal = body.messageToPrincipal ?? null;
      invite.representativeBusinessCaseId = body.representativeBusinessCaseId ?? null;
      invite.consumerInOrgProfileId = consumer ? (body.consumerInOrgProfileId ?? null) : null;
      invite.consumerInOrgFirstname = consumer?.firstname ?? null;
      invite.consumerInOrgLastname = consumer?.lastname ?? null;
      stampUpdated(invite, body.updatedBy, now);
      await manager.save(invite);
      return invite;
    });
  }

  /** The principal approves a consumed invite: the procuration and its services, in one transaction. */
  approve(token: string, body: ApproveProcurationInviteDto): Promise<ProcurationView> {
    return this.dataSource.transaction(async (manager) => {
      const invite = await this.lockOpen(manager, token);
      if (invite.isApproved)
        throw refused('The invite has been approved already.', 'PROCURATION_INVITE.APPROVED');
      if (invite.representativeProfileId === null)
        throw refused(
          'The invite has not been consumed by a representative yet.',
          'PROCURATION_INVITE.NOT_CONSUMED',
        );
      const key: ProcurationKey = {
        principalProfileId: invite.principalProfileId,
        representativeProfileId: invite.representativeProfileId,
        delegatorProfileId: null,
      };
      await this.procurations.lockProfiles(manager, key);
      if (await this.procurations.find(manager, key))
        throw refused(
          'The principal has given this representative a procuration already.',
          'PROCURATION.EXISTS',
        );
      ValidationProblemError.throwIfAny(
        await this.unshareable(manager, invite.principalProfileId, invite.serviceIds),
        'PROCURATION_INVITE.INVALID',
      );
      const now = new Date();
      const procuration = await this.procurations.insert(
        manager,
        key,
        { representativeEmail: invite.representativeEmail, createdBy: body.updatedBy },
        invite.id,
      );
      // The approval's audit record names the procuration it created (after the invite's token).
      auditCreated(procuration.id);
      await linkInviteServices(manager, procuration.id, invite.serviceIds, now, body.updatedBy);
      invite.isApproved = true;
      invite.approvalStamp = now;
      invite.isReadyForApproval = false;
      stampUpdated(invite, body.updatedBy, now);
      await manager.save(invite);
      return this.procurations.get(
        key,
        { expand: new Set(['ProcurationServices']), includeCustomImageBytes: false },
        manager,
      );
    });
  }

  /** The invite of the token, locked against a concurrent consumption or approval; 404, or 400 when expired. */
  private async lockOpen(manager: EntityManager, token: string): Promise<ProcurationInviteEntity> {
    const invite = await manager.findOne(ProcurationInviteEntity, {
      where: { token: inviteTokenDigest(token) },
      lock: { mode: 'pessimistic_write' },
    });
    if (!invite) throw inviteNotFound();
    if (invite.expirationStamp.getTime() <= Date.now())
      throw refused(
        `The invite expired at ${invite.expirationStamp.toISOString()}.`,
        'PROCURATION_INVITE.EXPIRED',
      );
    return invite;
  }

  /** The services of `serviceIds` the principal cannot share: unknown, not reached now, or not procuration-available. */
  private async unshareable(
    manager: EntityManager,
    principalProfileId: number,
    serviceIds: readonly number[],
  ): Promise<ValidationErrors> {
    if (serviceIds.length === 0) return {};
    const reach = profileReaches('wanted.id', principalProfileId);
    const rows = await queryNamed<{
      serviceId: number;
      known: boolean;
      available: boolean;
      reached: boolean;
    }>(manager, {
      sql: `SELECT wanted.id AS "serviceId", s.id IS NOT NULL AS known,
                     coalesce(s.is_procuration_available, false) AS available, ${reach.condition} AS reached
                FROM unnest(CAST(:wantedServiceIds AS int[])) WITH ORDINALITY AS wanted(id, position)
                LEFT JOIN service s ON s.id = wanted.id
               ORDER BY wanted.position`,
      parameters: { ...reach.parameters, wantedServiceIds: [...serviceIds] },
    });
    const errors: ValidationErrors = {};
    rows.forEach((row, index) => {
      const reason = !row.known
        ? `No service has the id ${row.serviceId}.`
        : !row.available
          ? `The service ${row.serviceId} is not available for procurations.`
          : !row.reached
            ? `The principal ${principalProfileId} does not reach the service ${row.serviceId}.`
            : undefined;
      if (reason) errors[`serviceIds[${index}]`] = [reason];
    });
    return errors;
  }
}
