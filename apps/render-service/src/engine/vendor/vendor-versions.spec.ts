import { readFileSync } from 'node:fs';
import path from 'node:path';

import { checkPatchedVersions, loadedVersions, PATCHED_VERSIONS } from './vendor-versions';

const ROOT_PACKAGE = path.resolve(__dirname, '../../../../../package.json');

describe('the vendor patches', () => {
  it('were written for the versions installed', () => {
    expect(loadedVersions()).toEqual(PATCHED_VERSIONS);
    expect(() => checkPatchedVersions()).not.toThrow();
  });

  it('refuse to install over another version, naming it', () => {
    expect(() => checkPatchedVersions({ ...PATCHED_VERSIONS, pdfkit: '0.20.0' })).toThrow(
      /patches internals of pdfkit 0\.19\.1, but pdfkit 0\.20\.0 is installed\. Check the patches/,
    );
    expect(() =>
      checkPatchedVersions({ ...PATCHED_VERSIONS, fontkit: '2.1.0', restructure: '3.0.1' }),
    ).toThrow(/fontkit 2\.0\.4, restructure 3\.0\.2, but fontkit 2\.1\.0, restructure 3\.0\.1 are installed/);
  });

  it('are the versions the root package.json pins', () => {
    const manifest = JSON.parse(readFileSync(ROOT_PACKAGE, 'utf8')) as {
      dependencies: Record<string, string>;
      overrides?: Record<string, string>;
    };
    // pdfmake and handlebars are direct dependencies: pinned there, and their overrides refer to those pins.
    expect(manifest.dependencies['pdfmake']).toBe(PATCHED_VERSIONS.pdfmake);
    expect(manifest.dependencies['handlebars']).toBe(PATCHED_VERSIONS.handlebars);
    expect(manifest.overrides).toMatchObject({
      pdfmake: '$pdfmake',
      handlebars: '$handlebars',
      pdfkit: PATCHED_VERSIONS.pdfkit,
      fontkit: PATCHED_VERSIONS.fontkit,
      restructure: PATCHED_VERSIONS.restructure,
    });
  });
});
