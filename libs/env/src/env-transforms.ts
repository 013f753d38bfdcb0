import { Transform } from 'class-transformer';

/** `true/false/1/0/yes/no`; anything else stays a string for the validator to reject. */
export const EnvBoolean = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => {
    if (typeof value !== 'string') return value;
    const normalised = value.trim().toLowerCase();
    if (['true', '1', 'yes'].includes(normalised)) return true;
    if (['false', '0', 'no'].includes(normalised)) return false;
    return value;
  });

/** Integers only; anything else stays a string for the validator to reject. */
export const EnvInt = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value,
  );
