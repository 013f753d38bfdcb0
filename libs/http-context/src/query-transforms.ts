import { Transform } from 'class-transformer';

/**
 * Query parameters arrive as strings (or string arrays when repeated). These transforms turn
 * well-formed values into their type and leave anything else as sent, so that the validator
 * names the parameter in its 400 rather than silently reading `abc` as NaN or `no` as true.
 */

const INTEGER = /^[+-]?\d{1,12}$/;

const single = (value: unknown): unknown => (Array.isArray(value) && value.length === 1 ? value[0] : value);

/** A query value as QueryInt reads it: a well-formed integer as a number, anything else as sent. */
export function queryIntOf(value: unknown): unknown {
  const raw = single(value);
  return typeof raw === 'string' && INTEGER.test(raw.trim()) ? Number(raw) : raw;
}

export const QueryInt = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => queryIntOf(value));

export const QueryBoolean = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => {
    const raw = single(value);
    if (typeof raw !== 'string') return raw;
    const normalised = raw.trim().toLowerCase();
    if (normalised === 'true') return true;
    if (normalised === 'false') return false;
    return raw;
  });

export const QueryString = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => single(value));

/** Repeated keys and comma-separated values alike, as one flat array of trimmed, non-empty items. */
function splitQueryArray(value: unknown): unknown[] | null | undefined {
  if (value === undefined || value === null) return value;
  const values: unknown[] = Array.isArray(value) ? value : [value];
  return values
    .flatMap((item) => (typeof item === 'string' ? item.split(',') : [item]))
    .map((item) => (typeof item === 'string' ? item.trim() : item))
    .filter((item) => item !== '');
}

/** `Ids=1&Ids=2` and `Ids=1,2` alike: a flat array of strings. */
export const QueryArray = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => splitQueryArray(value));

/** An array parameter of integers; malformed entries stay strings for the validator to name. */
export const QueryIntArray = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => {
    const items = splitQueryArray(value);
    return items?.map((item) => (typeof item === 'string' && INTEGER.test(item) ? Number(item) : item));
  });
