import { Module } from '@nestjs/common';

import { inEveryVersion } from '../common/versioned';
import { IdentitiesController } from './identities.controller';
import { IdentitiesService } from './identities.service';

@Module({
  controllers: inEveryVersion(IdentitiesController, 'identities'),
  providers: [IdentitiesService],
  exports: [IdentitiesService],
})
export class IdentitiesModule {}
