import { Module } from '@nestjs/common';

import { TemplatesModule } from '../templates/templates.module';
import { RenderController } from './render.controller';
import { RenderService } from './render.service';

@Module({
  imports: [TemplatesModule],
  controllers: [RenderController],
  providers: [RenderService],
  exports: [RenderService],
})
export class RenderModule {}
