import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

import { CrudService } from '../common/crud/crud.service';
import { encryptTextValuesOfSetting } from './secure-setting-values';
import type { ListServiceSettingsQueryDto } from './dto/service-setting.dto';
import { ServiceSettingEntity } from './entities/service-setting.entity';
import { SettingValueCipher } from './setting-value-cipher';
import { SERVICE_SETTING_RESOURCE } from './dto/service-setting.response';

/**
 * Setting definitions (contract 6); deleting one is refused while profiles store values for it. A
 * setting saved as secure has its values encrypted in the same transaction; one that stops being
 * secure keeps them encrypted at rest (they are read back either way).
 */
@Injectable()
export class ServiceSettingsService extends CrudService<ServiceSettingEntity, ListServiceSettingsQueryDto> {
  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly cipher: SettingValueCipher,
  ) {
    super(dataSource, SERVICE_SETTING_RESOURCE);
  }

  protected override async afterUpdate(
    manager: EntityManager,
    previous: ServiceSettingEntity,
    saved: ServiceSettingEntity,
  ): Promise<void> {
    if (saved.isSecure && !previous.isSecure)
      await encryptTextValuesOfSetting(manager, this.cipher, saved.id);
  }
}
