// The validation pipe reports one message per property: the first rule class-validator finds broken
// (stopAtFirstError). So that a number sent for a name reads "must be a string" rather than a
// length rule's message, every request DTO checks a property's kind (a string, an array) before its
// other rules, and each item's kind before the items' other rules. Stacked decorators run bottom-up
// (the kind goes last in the source); `applyDecorators` runs its list in order.
import { readdirSync } from 'node:fs';
import path from 'node:path';

import { getMetadataStorage, ValidationTypes } from 'class-validator';

const ROOT = path.resolve(__dirname, '..');

/** Rules that say what kind of value a property holds; the others refine a value of that kind. */
const KIND_CHECKS = new Set([
  'isString',
  'isInt',
  'isNumber',
  'isBoolean',
  'isObject',
  'isArray',
  'isDateString',
  'isISO8601',
  'isJsonTextOrValue',
]);

interface Rule {
  readonly name: string;
  /** A rule of each item of an array, rather than of the property. */
  readonly each: boolean;
}

/** Whether a kind check runs after another rule of its level (the property's, or each item's). */
const kindComesLate = (rules: readonly Rule[]): boolean =>
  [false, true].some((each) => {
    const level = rules.filter((rule) => rule.each === each).map((rule) => KIND_CHECKS.has(rule.name));
    return level.some((isKind, index) => isKind && level.slice(0, index).some((earlier) => !earlier));
  });

/** The sources that may declare request DTOs; environments are validated by loadEnv, which lists every message. */
function sourceFiles(): string[] {
  return ['apps', 'libs'].flatMap((group) =>
    readdirSync(path.join(ROOT, group), { recursive: true, encoding: 'utf8' })
      .map((file) => path.join(ROOT, group, file))
      .filter(
        (file) =>
          file.includes(`${path.sep}src${path.sep}`) &&
          file.endsWith('.ts') &&
          !/\.(spec|e2e-spec|d)\.ts$/.test(file) &&
          !/(environment|main|worker[^/]*|migrations[/].*)\.ts$/.test(file),
      ),
  );
}

/** `Class.property: rule, rule` for each property whose rules run out of that order. */
function propertiesCheckedBeforeTheirType(): string[] {
  const storage = getMetadataStorage();
  const found = new Set<string>();
  for (const file of sourceFiles()) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const exported = require(file) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exported)) {
      // Environments are validated by loadEnv, which lists every message.
      if (typeof value !== 'function' || name.endsWith('Environment')) continue;
      const metadata = storage.getTargetValidationMetadatas(value, '', true, false);
      for (const [property, rules] of Object.entries(storage.groupByPropertyName(metadata))) {
        const ordered: Rule[] = rules
          .filter((rule) => rule.type === ValidationTypes.CUSTOM_VALIDATION)
          .map((rule) => ({
            name: storage.getTargetValidatorConstraints(rule.constraintCls)[0]?.name ?? '?',
            each: rule.each === true,
          }));
        if (kindComesLate(ordered))
          found.add(
            `${path.relative(ROOT, file)} ${name}.${property}: ${ordered.map((rule) => `${rule.name}${rule.each ? '[]' : ''}`).join(', ')}`,
          );
      }
    }
  }
  return [...found].sort();
}

describe('request DTOs', () => {
  it("check a property's kind before its other rules, and each item's kind before the items' rules", () => {
    expect(propertiesCheckedBeforeTheirType()).toEqual([]);
  });
});
