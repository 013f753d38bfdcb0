import { Module } from '@nestjs/common';

import { UiTemplatesV10Controller, UiTemplatesV9Controller } from './ui-templates.controller';
import { UiTemplatesService } from './ui-templates.service';

@Module({
  controllers: [UiTemplatesV10Controller, UiTemplatesV9Controller],
  providers: [UiTemplatesService],
})
export class UiTemplatesModule {}
