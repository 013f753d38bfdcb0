import { CrudController } from '../../common/crud/crud.controller';
import {
  CreateIdentityProviderDto,
  IdentityProviderResponse,
  ListIdentityProvidersQueryDto,
  UpdateIdentityProviderDto,
} from './identity-provider.dto';
import { IDENTITY_PROVIDER_RESOURCE, IdentityProvidersService } from './identity-providers.service';

export class IdentityProvidersController extends CrudController({
  definition: IDENTITY_PROVIDER_RESOURCE,
  service: IdentityProvidersService,
  entityKey: 'identityProvider',
  tag: 'Identity providers',
  plural: 'identity providers',
  response: IdentityProviderResponse,
  listQuery: ListIdentityProvidersQueryDto,
  createBody: CreateIdentityProviderDto,
  updateBody: UpdateIdentityProviderDto,
}) {}
