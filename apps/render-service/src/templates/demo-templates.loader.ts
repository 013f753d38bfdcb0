import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';

import { EXAMPLE_DELETED_TEMPLATE } from './openapi-examples';
import { RenderEnvironment } from '../render-environment';
import { DEMO_TEMPLATES } from './demo-templates';
import { TemplatesService } from './templates.service';

/**
 * Saves the README's examples, with their data as sample data, and the template the OpenAPI delete
 * example deletes, where no template has their name yet.
 */
@Injectable()
export class DemoTemplatesLoader implements OnApplicationBootstrap {
  private readonly logger = new Logger(DemoTemplatesLoader.name);

  constructor(
    private readonly env: RenderEnvironment,
    private readonly templates: TemplatesService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.env.demoTemplatesEnabled) return;
    const saved: string[] = [];
    for (const demo of [...DEMO_TEMPLATES, EXAMPLE_DELETED_TEMPLATE]) {
      if (await this.templates.saveIfMissing(demo.name, demo.inputFormat, demo.template, 'demo', demo.data))
        saved.push(demo.name);
    }
    if (saved.length > 0) this.logger.log({ msg: 'Demo templates saved', templates: saved });
  }
}
