import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

import { CrudService } from '../../common/crud/crud.service';
import type { NameFilterQueryDto } from '../../common/named.dto';
import { ClientEntity } from './client.entity';
import { CLIENT_RESOURCE } from './client.response';

@Injectable()
export class ClientsService extends CrudService<ClientEntity, NameFilterQueryDto> {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource, CLIENT_RESOURCE);
  }
}
