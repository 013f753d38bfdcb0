import { Module } from '@nestjs/common';

import { inEveryVersion } from '../common/versioned';
import { ProfilesModule } from '../profiles/profiles.module';
import { ProcurationServicesService } from './procuration-services.service';
import {
  INBOUND_LIST_PATH,
  INBOUND_PATH,
  InboundProcurationListController,
  InboundProcurationsController,
  OUTBOUND_LIST_PATH,
  OUTBOUND_PATH,
  OutboundProcurationListController,
  OutboundProcurationsController,
} from './procurations.controller';
import { ProcurationsService } from './procurations.service';

/** Procurations, outbound and inbound, their services and the favorites within them (contract 6). */
@Module({
  imports: [ProfilesModule],
  controllers: [
    ...inEveryVersion(OutboundProcurationListController, OUTBOUND_LIST_PATH),
    ...inEveryVersion(OutboundProcurationsController, OUTBOUND_PATH),
    ...inEveryVersion(InboundProcurationListController, INBOUND_LIST_PATH),
    ...inEveryVersion(InboundProcurationsController, INBOUND_PATH),
  ],
  providers: [ProcurationsService, ProcurationServicesService],
  exports: [ProcurationsService],
})
export class ProcurationsModule {}
