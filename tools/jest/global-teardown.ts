import type { EmbeddedDatabase } from '../../libs/database/src/embedded-database';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { portalEmbeddedDatabase?: EmbeddedDatabase }).portalEmbeddedDatabase?.stop();
}
