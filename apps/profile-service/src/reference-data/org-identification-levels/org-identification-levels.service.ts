import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

import { CrudService } from '../../common/crud/crud.service';
import type { ListIdentificationLevelsQueryDto } from '../identification-levels/identification-level.dto';
import { OrgIdentificationLevelEntity } from './org-identification-level.entity';
import { ORG_IDENTIFICATION_LEVEL_RESOURCE } from './org-identification-level.response';

/** Deletion is refused while a service or an organization uses the level. */
@Injectable()
export class OrgIdentificationLevelsService extends CrudService<
  OrgIdentificationLevelEntity,
  ListIdentificationLevelsQueryDto
> {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource, ORG_IDENTIFICATION_LEVEL_RESOURCE);
  }
}
