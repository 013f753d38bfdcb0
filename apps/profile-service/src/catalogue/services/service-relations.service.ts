import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

import { NotFoundError } from '@portal/problem-details';

import { notFoundError } from '../../common/crud/resource-definition';
import { type Upserted, upsertLink } from '../../common/upsert';
import { onServiceReachChanged } from '../../service-reach/reach-changes';
import { ClientEntity } from '../../reference-data/clients/client.entity';
import { CLIENT_RESOURCE } from '../../reference-data/clients/client.response';
import { RoleEntity } from '../../reference-data/roles/role.entity';
import { ROLE_RESOURCE } from '../../reference-data/roles/role.response';
import type { ServiceRoleBodyDto, SurveyBodyDto } from './dto/service-relations.dto';
import { ServiceClientEntity } from './entities/service-client.entity';
import { ServiceRoleEntity } from './entities/service-role.entity';
import { ServiceEntity } from './entities/service.entity';
import { ServicesService } from './services.service';
import { SurveyEntity } from './entities/survey.entity';

/**
 * The parts of a service: the roles that grant it (contract 6), the clients that offer it and its
 * survey. Each write runs in one transaction that holds the service; an unknown service, role or
 * client is a 404.
 */
@Injectable()
export class ServiceRelationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly services: ServicesService,
  ) {}

  upsertRole(
    serviceId: number,
    roleId: number,
    body: ServiceRoleBodyDto,
  ): Promise<Upserted<ServiceRoleEntity>> {
    return this.dataSource.transaction(async (manager) => {
      await this.lockService(manager, serviceId);
      if (!(await manager.existsBy(RoleEntity, { id: roleId }))) throw notFoundError(ROLE_RESOURCE, roleId);
      const upserted = await upsertLink(
        manager,
        ServiceRoleEntity,
        { serviceId, roleId },
        { isVisible: body.isVisible ?? true },
        body.createdBy,
      );
      // Reach ignores isVisible: only a new link changes who reaches the service.
      if (upserted.created) await onServiceReachChanged(manager, { kind: 'serviceRoles', serviceId, roleId });
      return upserted;
    });
  }

  deleteRole(serviceId: number, roleId: number): Promise<void> {
    return this.deletePart(
      serviceId,
      ServiceRoleEntity,
      { serviceId, roleId },
      `The role ${roleId} does not grant the service ${serviceId}.`,
      (manager) => onServiceReachChanged(manager, { kind: 'serviceRoles', serviceId, roleId }),
    );
  }

  upsertClient(
    serviceId: number,
    clientId: number,
    createdBy: string,
  ): Promise<Upserted<ServiceClientEntity>> {
    return this.dataSource.transaction(async (manager) => {
      await this.lockService(manager, serviceId);
      if (!(await manager.existsBy(ClientEntity, { id: clientId })))
        throw notFoundError(CLIENT_RESOURCE, clientId);
      return upsertLink(manager, ServiceClientEntity, { serviceId, clientId }, {}, createdBy);
    });
  }

  deleteClient(serviceId: number, clientId: number): Promise<void> {
    return this.deletePart(
      serviceId,
      ServiceClientEntity,
      { serviceId, clientId },
      `The client ${clientId} does not offer the service ${serviceId}.`,
    );
  }

  async getSurvey(serviceId: number): Promise<SurveyEntity> {
    await this.services.get(serviceId);
    const survey = await this.dataSource.getRepository(SurveyEntity).findOneBy({ serviceId });
    if (!survey) throw noSurvey(serviceId);
    return survey;
  }

  upsertSurvey(serviceId: number, body: SurveyBodyDto): Promise<Upserted<SurveyEntity>> {
    return this.dataSource.transaction(async (manager) => {
      await this.lockService(manager, serviceId);
      return upsertLink(
        manager,
        SurveyEntity,
        { serviceId },
        {
          surveyUrl: body.surveyUrl,
          isRandomFeedbackEnabled: body.isRandomFeedbackEnabled ?? false,
          isSpontaneousFeedbackEnabled: body.isSpontaneousFeedbackEnabled ?? false,
          rF_ActivationChance: body.rF_ActivationChance ?? 0,
          rF_MinDaysAfterRefused: body.rF_MinDaysAfterRefused ?? 0,
          rF_MinDaysAfterAccepted: body.rF_MinDaysAfterAccepted ?? 0,
          sF_MinDaysAfterAccepted: body.sF_MinDaysAfterAccepted ?? 0,
        },
        body.createdBy,
      );
    });
  }

  deleteSurvey(serviceId: number): Promise<void> {
    return this.deletePart(serviceId, SurveyEntity, { serviceId }, noSurvey(serviceId).message);
  }

  private deletePart<T extends object>(
    serviceId: number,
    part: new () => T,
    where: Partial<T>,
    notThere: string,
    afterwards?: (manager: EntityManager) => Promise<void>,
  ): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      await this.lockService(manager, serviceId);
      const result = await manager.delete(part, where);
      if (!result.affected) throw new NotFoundError(notThere, 'SERVICE_PART.NOT_FOUND');
      await afterwards?.(manager);
    });
  }

  /** 404 for an unknown service; the service stays put until the transaction ends. */
  private async lockService(manager: EntityManager, serviceId: number): Promise<void> {
    const service = await manager.findOne(ServiceEntity, {
      where: { id: serviceId },
      lock: { mode: 'pessimistic_read' },
    });
    if (!service) throw this.services.notFound(serviceId);
  }
}

const noSurvey = (serviceId: number): NotFoundError =>
  new NotFoundError(`The service ${serviceId} has no survey.`, 'SURVEY.NOT_FOUND');
