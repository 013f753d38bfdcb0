import { quoteInput, ValidationProblemError } from '@portal/problem-details';

export type SortDirection = 'ASC' | 'DESC';

export interface SortTerm {
  /** The property as the client names it (`person.lastname`). */
  readonly property: string;
  /** What to sort by in the query, as the resource's whitelist maps it. */
  readonly expression: string;
  readonly direction: SortDirection;
}

/** Public (dotted) property names mapped to sortable query expressions; must include `id`. */
export type OrderByWhitelist = Readonly<Record<string, string>>;

const TERM = /^([A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*)(?:\s+(asc|desc))?$/i;

/**
 * Parses `OrderBy` (`lastname desc,id`) against the resource's whitelist. Property names match
 * case-insensitively; the order always ends with `id` so that pages are stable.
 */
export function parseOrderBy(
  orderBy: string | undefined,
  whitelist: OrderByWhitelist,
  parameter = 'OrderBy',
): SortTerm[] {
  const byLowerCase = new Map(Object.keys(whitelist).map((key) => [key.toLowerCase(), key]));
  const terms: SortTerm[] = [];
  const errors: string[] = [];
  const text = orderBy?.trim() ?? '';

  for (const raw of text === '' ? [] : text.split(',')) {
    const match = TERM.exec(raw.trim());
    if (!match) {
      errors.push(`${quoteInput(raw.trim())} is not of the form 'property [asc|desc]'.`);
      continue;
    }
    const property = byLowerCase.get(match[1].toLowerCase());
    if (!property) {
      errors.push(
        `${quoteInput(match[1])} is not a sortable property. Allowed: ${Object.keys(whitelist).join(', ')}.`,
      );
      continue;
    }
    if (terms.some((term) => term.property === property)) continue;
    terms.push({
      property,
      expression: whitelist[property],
      direction: match[2]?.toUpperCase() === 'DESC' ? 'DESC' : 'ASC',
    });
  }
  if (errors.length > 0) throw new ValidationProblemError({ [parameter]: errors });

  if (!terms.some((term) => term.property === 'id')) {
    const idExpression = whitelist['id'];
    if (idExpression === undefined) throw new Error('An OrderBy whitelist must include id.');
    terms.push({ property: 'id', expression: idExpression, direction: 'ASC' });
  }
  return terms;
}
