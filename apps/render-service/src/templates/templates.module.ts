import { Module } from '@nestjs/common';

import { DemoTemplatesLoader } from './demo-templates.loader';
import { TemplatesController } from './templates.controller';
import { TemplatesService } from './templates.service';

@Module({
  controllers: [TemplatesController],
  providers: [TemplatesService, DemoTemplatesLoader],
  exports: [TemplatesService],
})
export class TemplatesModule {}
