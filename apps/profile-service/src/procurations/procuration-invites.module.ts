import { Module } from '@nestjs/common';

import { inEveryVersion } from '../common/versioned';
import { ProcurationsModule } from './procurations.module';
import { PROCURATION_INVITES_PATH, ProcurationInvitesController } from './procuration-invites.controller';
import { ProcurationInvitesService } from './procuration-invites.service';

/** Procuration invites (contract 6). */
@Module({
  imports: [ProcurationsModule],
  controllers: inEveryVersion(ProcurationInvitesController, PROCURATION_INVITES_PATH),
  providers: [ProcurationInvitesService],
})
export class ProcurationInvitesModule {}
