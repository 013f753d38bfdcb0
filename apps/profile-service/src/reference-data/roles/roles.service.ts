import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

import { ValidationProblemError } from '@portal/problem-details';

import { CrudService, type UpdateBody } from '../../common/crud/crud.service';
import type { NameFilterQueryDto } from '../../common/named.dto';
import { ProfileEnvironment } from '../../profile-environment';
import { RoleEntity } from './role.entity';
import { ROLE_RESOURCE } from './role.response';

/**
 * Deletion is refused while a profile holds the role or a category or a service role refers to
 * it. The citizen role (CITIZEN_ROLE_NAME) can be neither renamed nor deleted: new person
 * profiles receive it by that name (contract 6).
 */
@Injectable()
export class RolesService extends CrudService<RoleEntity, NameFilterQueryDto> {
  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly env: ProfileEnvironment,
  ) {
    super(dataSource, ROLE_RESOURCE);
  }

  protected override checkUpdate(current: RoleEntity, body: UpdateBody & { name?: string }): void {
    if (this.isCitizenRole(current) && body.name?.toLowerCase() !== current.name.toLowerCase()) {
      throw ValidationProblemError.of(
        'name',
        `The citizen role '${current.name}' cannot be renamed: new person profiles receive it by name.`,
        'ROLE.CITIZEN_ROLE',
      );
    }
  }

  protected override checkDelete(current: RoleEntity): void {
    if (this.isCitizenRole(current)) {
      throw ValidationProblemError.of(
        'roleId',
        `The citizen role '${current.name}' cannot be deleted: new person profiles receive it.`,
        'ROLE.CITIZEN_ROLE',
      );
    }
  }

  private isCitizenRole(role: RoleEntity): boolean {
    return role.name.toLowerCase() === this.env.CITIZEN_ROLE_NAME.toLowerCase();
  }
}
