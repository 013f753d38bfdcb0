import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

import { CrudService } from '../../common/crud/crud.service';
import { onServiceReachChanged } from '../../service-reach/reach-changes';
import type { ListServicesQueryDto } from './dto/service.dto';
import { ServiceEntity } from './entities/service.entity';
import { SERVICE_RESOURCE } from './dto/service.response';

/**
 * Deletion takes the service's own parts (roles, clients, survey) with it; it is refused while the
 * service has settings, elevates an organization identification level, or profiles and
 * procurations refer to it (favorites, procuration links).
 */
@Injectable()
export class ServicesService extends CrudService<ServiceEntity, ListServicesQueryDto> {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource, SERVICE_RESOURCE);
  }

  /** `isProcurationAvailable` turned off or on: the procurations follow, in the update's transaction (contract 6). */
  protected override async afterUpdate(
    manager: EntityManager,
    previous: ServiceEntity,
    saved: ServiceEntity,
  ): Promise<void> {
    if (previous.isProcurationAvailable === saved.isProcurationAvailable) return;
    await onServiceReachChanged(manager, {
      kind: 'procurationAvailability',
      serviceId: saved.id,
      isProcurationAvailable: saved.isProcurationAvailable,
    });
  }
}
