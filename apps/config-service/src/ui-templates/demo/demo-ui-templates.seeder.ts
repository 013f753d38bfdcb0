import type { DemoDataSet, DemoDataWriter } from '@portal/database';

import { EXAMPLE_KEPT_UI_TEMPLATES } from '../ui-template.examples';
import { UiTemplateSenderIdentifierEntity } from '../ui-template-sender-identifier.entity';
import { UiTemplateEntity } from '../ui-template.entity';
import { colorPaletteOf, linkOf, logoOf, socialNetworkOf } from '../ui-template.mapper';
import { DEMO_UI_TEMPLATES, type DemoUiTemplate } from './demo-ui-templates';

/**
 * The demo UI templates, and those the OpenAPI update and delete examples address, as a demo data set (SEED_DEMO_DATA, libs/database demo-data.ts). A
 * template is matched by its name: one that exists is left as it is. A new one claims only the
 * sender identifiers no other template holds, so its array and the uniqueness table agree.
 */
export const DEMO_UI_TEMPLATE_DATA: DemoDataSet = {
  label: 'demo UI templates',
  lockName: 'config-service:demo-ui-templates',
  tables: ['ui_template', 'ui_template_sender_identifier'],
  load: async (writer) => {
    for (const template of [...DEMO_UI_TEMPLATES, ...EXAMPLE_KEPT_UI_TEMPLATES])
      await loadTemplate(writer, template);
  },
};

async function loadTemplate(writer: DemoDataWriter, template: DemoUiTemplate): Promise<void> {
  const inserted = await writer.insert(UiTemplateEntity, {
    name: template.name,
    displayName: template.displayName,
    description: template.description ?? null,
    svgCssFilter: template.svgCssFilter ?? null,
    colorPalette: colorPaletteOf(template.colorPalette),
    headerLogo: logoOf(template.headerLogo),
    footerLogo: logoOf(template.footerLogo),
    links: template.links?.map(linkOf) ?? null,
    socialNetworks: template.socialNetworks?.map(socialNetworkOf) ?? null,
    senderIdentifiers: [],
  });
  if (!inserted) return;
  const uiTemplateId = inserted['id'] as number;
  const claimed: string[] = [];
  for (const value of template.senderIdentifiers) {
    if (await writer.insert(UiTemplateSenderIdentifierEntity, { uiTemplateId, value })) claimed.push(value);
  }
  await writer.manager.update(UiTemplateEntity, { id: uiTemplateId }, { senderIdentifiers: claimed });
}
