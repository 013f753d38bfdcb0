import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

import {
  FREE_TEXT_PATTERN,
  FreeText,
  QueryArray,
  QueryBoolean,
  QueryInt,
  QueryIntArray,
  QueryString,
} from '@portal/http-context';

/** List filters of interfaces 4.2 and 4.3: the query DTO side and the query builder side. */

/** A text filter: free text of at most `maxLength` characters (what a stored text could be). */
export const TextFilter = (maxLength: number, description: string): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ description, maxLength, pattern: FREE_TEXT_PATTERN }),
    IsOptional(),
    QueryString(),
    IsString(),
    MaxLength(maxLength),
    FreeText(),
  );

export const BooleanFilter = (description: string): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ description, type: Boolean }),
    IsOptional(),
    QueryBoolean(),
    IsBoolean(),
  );

export const IdFilter = (description: string): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ description, type: 'integer' }),
    IsOptional(),
    QueryInt(),
    IsInt(),
    Min(1),
    Max(2_147_483_647),
  );

/** The most ids an `Ids` filter takes: a page's worth (PageSize is at most 1000 too). */
export const MAX_FILTER_IDS = 1000;

/** `Ids=1&Ids=2` or `Ids=1,2`: at most MAX_FILTER_IDS int32 ids. */
export const IdsFilter = (description: string): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({
      description,
      type: 'array',
      items: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
      maxItems: MAX_FILTER_IDS,
    }),
    IsOptional(),
    QueryIntArray(),
    ArrayMaxSize(MAX_FILTER_IDS),
    IsInt({ each: true }),
    Min(1, { each: true }),
    Max(2_147_483_647, { each: true }),
  );

let parameterSequence = 0;
const parameterName = (): string => `filter${(parameterSequence = (parameterSequence + 1) % 1_000_000)}`;

/** `expression = value`, when the filter was given. */
export function whereEquals<T extends ObjectLiteral>(
  list: SelectQueryBuilder<T>,
  expression: string,
  value: string | number | boolean | undefined,
): void {
  if (value === undefined) return;
  const name = parameterName();
  list.andWhere(`${expression} = :${name}`, { [name]: value });
}

/**
 * `expression = ANY(values)`, when the filter was given: one array parameter however many values
 * (`IN (:...values)` would bind one parameter each, and PostgreSQL takes at most 65,535).
 */
export function whereIn<T extends ObjectLiteral>(
  list: SelectQueryBuilder<T>,
  expression: string,
  values: readonly number[] | undefined,
): void {
  if (values === undefined) return;
  const name = parameterName();
  list.andWhere(`${expression} = ANY(:${name})`, { [name]: [...values] });
}

/** Case-insensitive equality (`Name`, `Code`, `IdpName`), when the filter was given. */
export function whereEqualsIgnoringCase<T extends ObjectLiteral>(
  list: SelectQueryBuilder<T>,
  expression: string,
  value: string | undefined,
): void {
  if (value === undefined) return;
  const name = parameterName();
  list.andWhere(`lower(${expression}) = lower(:${name})`, { [name]: value });
}

/**
 * Case- and accent-insensitive substring (`...Contains`, contract 9), when the filter was given,
 * for small tables: the column is folded on every row (large ones store it folded, see
 * `foldedContains`).
 */
export function whereContainsIgnoringCase<T extends ObjectLiteral>(
  list: SelectQueryBuilder<T>,
  expression: string,
  value: string | undefined,
): void {
  if (value === undefined) return;
  const parameters: ObjectLiteral = {};
  const condition = foldedContains(`${STORED_FOLD}(${expression})`, value, (pattern) => {
    const name = parameterName();
    parameters[name] = pattern;
    return `:${name}`;
  });
  list.andWhere(condition, parameters);
}

/**
 * The database functions of searched text (migration AccentInsensitiveSearch): SEARCH_FOLD folds
 * (unaccent, then lower case); STORED_FOLD is what the searched columns hold, the folded text and,
 * for a text with umlauts, also its folded transliteration (`Bösch`: `bosch`, `boesch`).
 */
export const SEARCH_FOLD = 'profile_search_fold';
export const STORED_FOLD = 'profile_search_folded';

const TRANSLITERATION: Readonly<Record<string, string>> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
};

/**
 * The spellings a search term is looked for in, before folding (contract 9): the term itself
 * (`geneve` and `Genève` fold alike; `bosch`, `Bösch` and `boesch` each find `Bösch`, stored as
 * `bosch` and `boesch`), and for a term with umlauts also its transliteration (`Müller` also as
 * `Mueller`, which finds a name stored with `ue`).
 */
export function searchSpellings(term: string): string[] {
  const text = term.normalize('NFC');
  const transliterated = text.replace(/[äöüÄÖÜ]/g, (umlaut) => TRANSLITERATION[umlaut]);
  return transliterated === text ? [text] : [text, transliterated];
}

/**
 * `folded` (text stored by STORED_FOLD) matches `pattern` of the term in one of its spellings: one
 * trigram-indexable LIKE per spelling, the pattern folded by the database with the function that
 * folded the stored text. `add` binds a parameter and answers its placeholder.
 */
export function foldedMatches(
  folded: string,
  term: string,
  pattern: (text: string) => string,
  add: (pattern: string) => string,
): string {
  const conditions = searchSpellings(term).map(
    (spelling) => `${folded} LIKE ${SEARCH_FOLD}(${add(pattern(spelling))})`,
  );
  return conditions.length === 1 ? conditions[0] : `(${conditions.join(' OR ')})`;
}

/** `folded` holds the term in one of its spellings (see `foldedMatches`). */
export const foldedContains = (folded: string, term: string, add: (pattern: string) => string): string =>
  foldedMatches(folded, term, containsPattern, add);

/** The searched profile columns of few distinct values (migration SearchByDistinctValues): `search_value.kind`. */
export type DistinctValueKind = 'city' | 'zip_code' | 'firstname' | 'lastname' | 'email_domain';

/**
 * How a condition on `folded`, a column of few distinct values kept in `search_value` (migration
 * SearchByDistinctValues), names the values that match `pattern` of the term: the term is matched
 * against the distinct values (a few thousand rows, see `foldedMatches`), and the rows holding
 * them are found, and counted, by the column's b-tree on (folded value, id), never on the heap.
 */
export type DistinctValueCondition = (
  folded: string,
  kind: DistinctValueKind,
  term: string,
  pattern: (text: string) => string,
) => string;

/**
 * The matching values as a subquery of `search_value`, in the statement itself: right where few
 * rows are searched (a principal's procurations), since the planner must guess how many rows
 * the values hold.
 */
export const inSearchValues =
  (add: (pattern: string) => string): DistinctValueCondition =>
  (folded, kind, term, pattern) =>
    `${folded} IN (SELECT sv.folded FROM search_value sv WHERE sv.kind = '${kind}' AND ${foldedMatches('sv.folded', term, pattern, add)})`;

/**
 * The distinct values of `kind` that match `pattern` of the term, found before the statement that
 * names them (`= ANY($n::text[])`), so that it is planned with the values themselves. With a
 * subquery the planner guessed that one matching value holds 0.5 % of the rows, and for a page
 * of a rare term walked the primary key until it had 50: a city of 708 profiles took 340 ms at
 * 10,000,000 profiles, a term no value holds 3.9 s (all of it), against 0.7 ms with the values.
 */
export class DistinctValueLookup {
  private found: readonly string[] | undefined;

  constructor(
    readonly kind: DistinctValueKind,
    readonly term: string,
    readonly pattern: (text: string) => string,
  ) {}

  /** The expression that finds them (a text array), its parameters bound by `add`. */
  sql(add: (pattern: string) => string): string {
    return `(SELECT coalesce(array_agg(sv.folded), '{}') FROM search_value sv WHERE sv.kind = '${this.kind}' AND ${foldedMatches('sv.folded', this.term, this.pattern, add)})`;
  }

  resolve(values: readonly string[]): void {
    this.found = values;
  }

  /** The values found; a statement naming them is only sent once they are. */
  get values(): readonly string[] {
    if (this.found === undefined)
      throw new Error(`The ${this.kind} values of '${this.term}' are not looked up yet.`);
    return this.found;
  }
}

/**
 * Where a term is in the e-mail address of the profile `alias` (contract 9), as alternatives each
 * served by an index of its own (migration SearchByDistinctValues): in the domain (its distinct
 * values), or for a term with an `@`, across it (the local part ends with what precedes the term's
 * last `@`, the domain starts with what follows it); and in the local part (trigram), unless
 * `localPart` is false where another alternative holds it already (`search_text`). The domain
 * comes first: a total counts each alternative without the rows of those before it, and that
 * exclusion is checked on the rows a later alternative visits anyway, while the domain's own
 * count, the large one of a broad term, stays index-only.
 */
export function emailAlternatives(
  alias: string,
  term: string,
  add: (pattern: string) => string,
  distinct: DistinctValueCondition,
  { localPart }: { localPart: boolean } = { localPart: true },
): string[] {
  const local = `${alias}."email_local_search"`;
  const domain = `${alias}."email_domain_search"`;
  const at = term.lastIndexOf('@');
  return [
    at < 0
      ? distinct(domain, 'email_domain', term, containsPattern)
      : `(${foldedMatches(local, term.slice(0, at), endsWithPattern, add)} AND ${distinct(domain, 'email_domain', term.slice(at + 1), startsWithPattern)})`,
    ...(localPart ? [foldedContains(local, term, add)] : []),
  ];
}

/**
 * `Keyword` on the profile `alias` (contract 9): its `search_text` (the e-mail's local part and
 * its `@`, external key, names, organization name and uid), or the rest of its e-mail address.
 */
export const keywordAlternatives = (
  alias: string,
  term: string,
  add: (pattern: string) => string,
  distinct: DistinctValueCondition,
): string[] => [
  ...emailAlternatives(alias, term, add, distinct, { localPart: false }),
  foldedContains(`${alias}."search_text"`, term, add),
];

/** An ISO 8601 date-time. */
export const DateTimeFilter = (description: string): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ description, type: String, format: 'date-time' }),
    IsOptional(),
    QueryString(),
    IsISO8601({ strict: true }, { message: '$property must be an ISO 8601 date-time' }),
  );

/** One value of an enumeration, matched case-insensitively. */
export const EnumFilter = (values: readonly string[], description: string): PropertyDecorator => {
  const canonical = new Map(values.map((value) => [value.toLowerCase(), value]));
  return applyDecorators(
    ApiPropertyOptional({ description, enum: [...values] }),
    IsOptional(),
    QueryString(),
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' ? (canonical.get(value.trim().toLowerCase()) ?? value) : value,
    ),
    IsIn(values, { message: `$property must be one of ${values.join(', ')}` }),
  );
};

/** `X=a&X=b` or `X=a,b`: at most `maxItems` strings of at most `maxLength` characters each. */
export const TextArrayFilter = (
  maxItems: number,
  maxLength: number,
  description: string,
): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({
      description,
      type: 'array',
      items: { type: 'string', maxLength, pattern: FREE_TEXT_PATTERN },
      maxItems,
    }),
    IsOptional(),
    QueryArray(),
    ArrayMaxSize(maxItems),
    IsString({ each: true }),
    MaxLength(maxLength, { each: true }),
    FreeText({ each: true }),
  );

/** The LIKE pattern of a case-insensitive substring: the text's own `%`, `_` and `\` match themselves. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;

/** The LIKE patterns of a text that ends, or starts, with the given one. */
export const endsWithPattern = (text: string): string => `%${escapeLike(text)}`;
export const startsWithPattern = (text: string): string => `${escapeLike(text)}%`;

/** A LIKE pattern that matches the text itself only (ILIKE: case-insensitive equality). */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);
