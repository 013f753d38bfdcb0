import { Controller, type Type } from '@nestjs/common';

/** The version segments profile-service serves the same operations under (contract 1, interfaces 9). */
export const API_VERSIONS = ['v10-0', 'v9-1'] as const;

/**
 * The controller under `/{tenant}/v10-0/<path>` and `/{tenant}/v9-1/<path>`: one class per version
 * (`ClientsV10Controller`, `ClientsV9Controller`), so that OpenAPI operation ids stay unique.
 * The base class carries the routes and is not itself a controller.
 */
export function inEveryVersion(base: Type, path: string): Type[] {
  const stem = base.name.replace(/Controller$/, '');
  return API_VERSIONS.map((version) => {
    const name = `${stem}V${version.slice(1).split('-')[0]}Controller`;
    const versioned = { [name]: class extends base {} }[name];
    Controller(`${version}/${path}`)(versioned);
    return versioned;
  });
}
