import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

import { CrudService } from '../../common/crud/crud.service';
import type { ListServiceThemesQueryDto } from './service-theme.dto';
import { ServiceThemeEntity } from './service-theme.entity';
import { SERVICE_THEME_RESOURCE } from './service-theme.response';

/** Deletion is refused while a service belongs to the theme. */
@Injectable()
export class ServiceThemesService extends CrudService<ServiceThemeEntity, ListServiceThemesQueryDto> {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource, SERVICE_THEME_RESOURCE);
  }
}
