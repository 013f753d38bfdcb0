import { type DynamicModule, Module } from '@nestjs/common';

import type { ContrastPolicy } from '../config-environment';

import { UiTemplateBrandingController } from './ui-template-branding.controller';
import { UiTemplatesV10Controller, UiTemplatesV9Controller } from './ui-templates.controller';
import { CONTRAST_POLICY, UiTemplatesService } from './ui-templates.service';

@Module({})
export class UiTemplatesModule {
  static register(contrastPolicy: ContrastPolicy): DynamicModule {
    return {
      module: UiTemplatesModule,
      controllers: [UiTemplatesV10Controller, UiTemplatesV9Controller, UiTemplateBrandingController],
      providers: [UiTemplatesService, { provide: CONTRAST_POLICY, useValue: contrastPolicy }],
    };
  }
}
