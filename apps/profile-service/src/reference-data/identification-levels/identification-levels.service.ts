import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

import { CrudService } from '../../common/crud/crud.service';
import type { ListIdentificationLevelsQueryDto } from './identification-level.dto';
import { IdentificationLevelEntity } from './identification-level.entity';
import { IDENTIFICATION_LEVEL_RESOURCE } from './identification-level.response';

/** Deletion is refused while a service or an identity uses the level (interfaces 2.2). */
@Injectable()
export class IdentificationLevelsService extends CrudService<
  IdentificationLevelEntity,
  ListIdentificationLevelsQueryDto
> {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource, IDENTIFICATION_LEVEL_RESOURCE);
  }
}
