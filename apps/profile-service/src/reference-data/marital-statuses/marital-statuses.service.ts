import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

import { CrudService } from '../../common/crud/crud.service';
import type { ListMaritalStatusesQueryDto } from './marital-status.dto';
import { MaritalStatusEntity } from './marital-status.entity';
import { MARITAL_STATUS_RESOURCE } from './marital-status.response';

/** Deletion is refused while a person uses the status. */
@Injectable()
export class MaritalStatusesService extends CrudService<MaritalStatusEntity, ListMaritalStatusesQueryDto> {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource, MARITAL_STATUS_RESOURCE);
  }
}
