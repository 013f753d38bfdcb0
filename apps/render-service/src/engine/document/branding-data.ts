import type { BrandingContext } from '../../branding/branding';
import { RenderError } from '../common/render-error';

/**
 * The data a branded render's template runs on: the request's data with `branding` beside its own
 * members (the branding's, whatever the data holds under that name), so that
 * `{{branding.colorPalette.primaryColor}}` reads config-service's value.
 */
export function withBranding(data: unknown, branding: BrandingContext | undefined): unknown {
  if (!branding) return data;
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    throw new RenderError(
      'DATA.BRANDING',
      'A render that names a branding needs data that is a JSON object: the template reads `branding` beside its members.',
    );
  return { ...(data as Record<string, unknown>), branding: branding.values };
}
