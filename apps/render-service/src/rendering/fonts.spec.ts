import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { fontFamiliesIn } from './fonts';

describe(fontFamiliesIn.name, () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'render-fonts-'));
    for (const file of [
      'Brand-Regular.ttf',
      'Brand-Bold.ttf',
      'Brand-Italic.ttf',
      'Brand-BoldItalic.ttf',
      'Mono.ttf',
      'Serif-Medium.TTF',
      'Serif-MediumItalic.ttf',
      'notes.txt',
    ]) {
      writeFileSync(path.join(dir, file), '');
    }
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('groups TrueType files into families by their style suffix', () => {
    const families = fontFamiliesIn(dir);
    expect([...families.keys()].sort()).toEqual(['Brand', 'Mono', 'Serif']);
    expect(families.get('Brand')).toEqual({
      normal: path.join(dir, 'Brand-Regular.ttf'),
      bold: path.join(dir, 'Brand-Bold.ttf'),
      italics: path.join(dir, 'Brand-Italic.ttf'),
      bolditalics: path.join(dir, 'Brand-BoldItalic.ttf'),
    });
    expect(families.get('Mono')).toEqual({ normal: path.join(dir, 'Mono.ttf') });
    expect(families.get('Serif')).toEqual({
      bold: path.join(dir, 'Serif-Medium.TTF'),
      bolditalics: path.join(dir, 'Serif-MediumItalic.ttf'),
    });
  });
});
