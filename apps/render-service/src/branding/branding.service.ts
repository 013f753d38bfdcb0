import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';

import { UnprocessableError } from '@portal/problem-details';

import { type BrandingContext, LOGO_KINDS, type LogoKind, logoOf } from './branding';
import { BRANDING_PROPERTY, BrandingCache } from './branding-cache';
import type { BrandingStore } from './branding-store';
import { LogoFetcher, LogoRefused } from './logo-fetcher';

/** `{{brandingLogo "header"}}`: the kinds a template names literally; another argument reads both. */
const LOGO_CALL = /brandingLogo\b(?:\s+(["'])(header|footer)\1)?/g;

/** The logos a template may place, from its text: only those are read. */
export function logosPlaced(template: string): readonly LogoKind[] {
  const kinds = new Set<LogoKind>();
  for (const match of template.matchAll(LOGO_CALL)) {
    if (match[2] === undefined) return LOGO_KINDS;
    kinds.add(match[2] as LogoKind);
  }
  return [...kinds];
}

/**
 * The branding a render names (contract 9), as its worker needs it: the UI template's values
 * from config-service (branding-cache.ts) and the logos the template places as data: URIs
 * (logo-fetcher.ts). A logo that cannot be placed is a 422 on it.
 */
@Injectable()
export class BrandingService implements OnModuleInit, OnModuleDestroy {
  constructor(
    private readonly cache: BrandingCache,
    private readonly logos: LogoFetcher,
    private readonly store: BrandingStore,
  ) {}

  async contextFor(name: string, template: string): Promise<BrandingContext> {
    const values = await this.cache.get(name);
    const placed = logosPlaced(template).flatMap((kind) => {
      const logo = logoOf(values, kind);
      return logo ? [{ kind, source: logo.source }] : [];
    });
    // Read together: each may take up to its 2 s.
    const read = await Promise.allSettled(placed.map(({ source }) => this.logos.dataUriOf(source)));
    const logos: Partial<Record<LogoKind, string>> = {};
    for (const [index, { kind }] of placed.entries()) {
      const result = read[index];
      if (result.status === 'fulfilled') {
        logos[kind] = result.value;
        continue;
      }
      const error: unknown = result.reason;
      if (!(error instanceof LogoRefused)) throw error;
      const path = `${BRANDING_PROPERTY}.${kind}Logo.source`;
      throw new UnprocessableError(
        `The ${kind} logo of the branding cannot be placed in a document: it ${error.message}.`,
        'RENDER.BRANDING.LOGO',
        { errors: { [path]: [`the ${kind} logo ${error.message}`] } },
      );
    }
    return { values, logos };
  }

  /** A replica starting up reads the brandings the others shared before it serves (Redis permitting). */
  onModuleInit(): Promise<void> {
    return this.store.ready();
  }

  onModuleDestroy(): Promise<void> {
    return this.store.close();
  }
}
