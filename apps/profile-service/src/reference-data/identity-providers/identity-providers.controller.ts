import { CrudController } from '../../common/crud/crud.controller';
import {
  CreateIdentityProviderDto,
  ListIdentityProvidersQueryDto,
  UpdateIdentityProviderDto,
} from './identity-provider.dto';
import { IdentityProviderResponse, IDENTITY_PROVIDER_RESOURCE } from './identity-provider.response';
import { IdentityProvidersService } from './identity-providers.service';
import { IDENTITY_PROVIDERS_DOCS } from './identity-providers.openapi';

export class IdentityProvidersController extends CrudController({
  definition: IDENTITY_PROVIDER_RESOURCE,
  service: IdentityProvidersService,
  entityKey: 'identityProvider',
  response: IdentityProviderResponse,
  listQuery: ListIdentityProvidersQueryDto,
  createBody: CreateIdentityProviderDto,
  updateBody: UpdateIdentityProviderDto,
  docs: IDENTITY_PROVIDERS_DOCS,
}) {}
