import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';

import { fetchPage, type Page, pageRequestOf, parseOrderBy } from '@portal/pagination';
import { NotFoundError } from '@portal/problem-details';

import { SECRETS_LEVEL } from '../../common/access';
import { notFoundError, orderByWhitelistOf } from '../../common/crud/resource-definition';
import { whereEquals, whereEqualsIgnoringCase } from '../../common/query-filters';
import { upsertLink } from '../../common/upsert';
import { findProfileOrFail } from '../profile-lock';
import type { ListServiceSettingsQueryDto } from '../../settings/dto/service-setting.dto';
import { ServiceSettingValueEntity } from './service-setting-value.entity';
import { ServiceSettingEntity } from '../../settings/entities/service-setting.entity';
import { SERVICE_SETTING_RESOURCE } from '../../settings/dto/service-setting.response';
import { SettingValueCipher } from '../../settings/setting-value-cipher';
import type { UpsertServiceSettingValueDto } from './profile-setting.dto';

const VALUE = 'settingValue';
const SETTING = 'setting';
const SETTING_ORDER = Object.fromEntries(
  Object.keys(orderByWhitelistOf(SERVICE_SETTING_RESOURCE)).map((property) => [
    property,
    `${SETTING}.${property}`,
  ]),
);

/** A profile's value of a setting, with its setting; `plaintext` undefined when the caller may not see it. */
export interface SettingValueView {
  readonly setting: ServiceSettingEntity;
  readonly value: ServiceSettingValueEntity;
  readonly plaintext: string | undefined;
}

/**
 * The settings a profile has given a value (`/profiles/{profileId}/service-settings`). Values of a
 * secure setting are stored encrypted and shown only at access level 9.
 */
@Injectable()
export class ProfileSettingsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly cipher: SettingValueCipher,
  ) {}

  async list(
    profileId: number,
    query: ListServiceSettingsQueryDto,
    level: number,
  ): Promise<Page<SettingValueView>> {
    const order = parseOrderBy(query.OrderBy, SETTING_ORDER);
    const manager = this.dataSource.manager;
    await findProfileOrFail(manager, profileId);
    const list = this.valuesOf(manager, profileId);
    whereEquals(list, `${SETTING}.serviceId`, query.ServiceId);
    whereEqualsIgnoringCase(list, `${SETTING}.name`, query.Name);
    const page = await fetchPage(list, order, pageRequestOf(query));
    return page.map((value) => this.view(value, level));
  }

  async get(profileId: number, settingId: number, level: number): Promise<SettingValueView> {
    const manager = this.dataSource.manager;
    await findProfileOrFail(manager, profileId);
    const value = await this.valuesOf(manager, profileId)
      .andWhere(`${SETTING}.id = :settingId`, { settingId })
      .getOne();
    if (!value) {
      if (!(await manager.existsBy(ServiceSettingEntity, { id: settingId })))
        throw notFoundError(SERVICE_SETTING_RESOURCE, settingId);
      throw noValue(profileId, settingId);
    }
    return this.view(value, level);
  }

  /** Stores the value (encrypted for a secure setting); 201 when new, 200 when replaced. */
  async upsert(
    profileId: number,
    settingId: number,
    body: UpsertServiceSettingValueDto,
    level: number,
  ): Promise<SettingValueView & { created: boolean }> {
    return this.dataSource.transaction(async (manager) => {
      await findProfileOrFail(manager, profileId, 'share');
      // Held against a concurrent change of isSecure until the value is stored in the right form.
      const setting = await manager.findOne(ServiceSettingEntity, {
        where: { id: settingId },
        lock: { mode: 'pessimistic_read' },
      });
      if (!setting) throw notFoundError(SERVICE_SETTING_RESOURCE, settingId);
      const owner = { profileId, serviceSettingId: settingId };
      const { record, created } = await upsertLink(
        manager,
        ServiceSettingValueEntity,
        owner,
        setting.isSecure
          ? { value: null, encryptedValue: this.cipher.encrypt(body.value, owner) }
          : { value: body.value, encryptedValue: null },
        body.createdBy,
      );
      return {
        setting,
        value: record,
        plaintext: this.reveals(setting, level) ? body.value : undefined,
        created,
      };
    });
  }

  async delete(profileId: number, settingId: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await findProfileOrFail(manager, profileId, 'share');
      if (!(await manager.existsBy(ServiceSettingEntity, { id: settingId })))
        throw notFoundError(SERVICE_SETTING_RESOURCE, settingId);
      const result = await manager.delete(ServiceSettingValueEntity, {
        profileId,
        serviceSettingId: settingId,
      });
      if (!result.affected) throw noValue(profileId, settingId);
    });
  }

  private valuesOf(manager: EntityManager, profileId: number): SelectQueryBuilder<ServiceSettingValueEntity> {
    return manager
      .getRepository(ServiceSettingValueEntity)
      .createQueryBuilder(VALUE)
      .innerJoinAndSelect(`${VALUE}.serviceSetting`, SETTING)
      .where(`${VALUE}.profileId = :profileId`, { profileId });
  }

  /** A secure setting's value is decrypted only for a caller who may see it. */
  private view(value: ServiceSettingValueEntity, level: number): SettingValueView {
    const setting = value.serviceSetting as ServiceSettingEntity;
    if (!this.reveals(setting, level)) return { setting, value, plaintext: undefined };
    const plaintext =
      value.encryptedValue === null
        ? (value.value ?? undefined)
        : this.cipher.decrypt(value.encryptedValue, {
            profileId: value.profileId,
            serviceSettingId: value.serviceSettingId,
          });
    return { setting, value, plaintext };
  }

  private reveals(setting: ServiceSettingEntity, level: number): boolean {
    return !setting.isSecure || level >= SECRETS_LEVEL;
  }
}

const noValue = (profileId: number, settingId: number): NotFoundError =>
  new NotFoundError(
    `The profile ${profileId} has no value for the service setting ${settingId}.`,
    'SERVICE_SETTING_VALUE.NOT_FOUND',
  );
