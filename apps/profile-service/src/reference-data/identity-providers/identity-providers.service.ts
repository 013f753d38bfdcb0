import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

import { CrudService } from '../../common/crud/crud.service';
import type { ListIdentityProvidersQueryDto } from './identity-provider.dto';
import { IdentityProviderEntity } from './identity-provider.entity';
import { IDENTITY_PROVIDER_RESOURCE } from './identity-provider.response';

/** Deletion is refused while identities use the provider. */
@Injectable()
export class IdentityProvidersService extends CrudService<
  IdentityProviderEntity,
  ListIdentityProvidersQueryDto
> {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource, IDENTITY_PROVIDER_RESOURCE);
  }
}
