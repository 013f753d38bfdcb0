import { rmSync } from 'node:fs';

import type { EmbeddedDatabase } from '../../libs/database/src/embedded-database';

export default async function globalTeardown(): Promise<void> {
  const started = (globalThis as { portalEmbeddedDatabase?: { embedded: EmbeddedDatabase; folder: string } })
    .portalEmbeddedDatabase;
  if (!started) return;
  await started.embedded.stop();
  rmSync(started.folder, { recursive: true, force: true });
}
