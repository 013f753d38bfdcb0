import { auditOf } from '../../common/audited.response';
import { toResponse } from '../../common/crud/resource-definition';
import { toAccountResponse } from '../dto/account.response';
import { IDENTIFICATION_LEVEL_RESOURCE } from '../../reference-data/identification-levels/identification-levels.service';
import type { IdentityEntity } from './identity.entity';
import type { IdentityResponse } from './identity.dto';

/** An identity as every route shows it; the account and level only when they were loaded (Expand). */
export function toIdentityResponse(identity: IdentityEntity): IdentityResponse {
  return {
    id: identity.id,
    identityProviderId: identity.identityProviderId,
    accountId: identity.accountId,
    identificationLevelId: identity.identificationLevelId,
    externalId: identity.externalId,
    profileId: identity.profileId,
    metadata: identity.metadata,
    ...auditOf(identity),
    ...(identity.identificationLevel && {
      identificationLevel: toResponse(IDENTIFICATION_LEVEL_RESOURCE, identity.identificationLevel),
    }),
    ...(identity.account && { account: toAccountResponse(identity.account) }),
  };
}
