import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';

const SENSITIVE = Symbol('sensitive environment variables');

/** Marks a variable whose value must never be echoed in an error or a log. */
export const Sensitive = (): PropertyDecorator => (target, property) => {
  const holder = target as { [SENSITIVE]?: Set<string | symbol> };
  holder[SENSITIVE] = new Set([...(holder[SENSITIVE] ?? []), property]);
};

const isSensitive = (instance: object, property: string): boolean =>
  (instance as { [SENSITIVE]?: Set<string | symbol> })[SENSITIVE]?.has(property) ?? false;

export class InvalidEnvironmentError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'InvalidEnvironmentError';
  }
}

/**
 * Reads the environment into a typed, validated object once at boot. Every invalid variable is
 * reported in one error, values of @Sensitive ones are not shown. `defaults` are applied as if
 * they had been set in the environment, so the conversions and rules run on them too.
 */
export function loadEnv<T extends object>(
  schema: new () => T,
  source: NodeJS.ProcessEnv = process.env,
  defaults: Record<string, string> = {},
): T {
  const raw: Record<string, string> = { ...defaults };
  for (const [name, value] of Object.entries(source)) {
    if (value !== undefined && value !== '') raw[name] = value;
  }
  const env = plainToInstance(schema, raw, {
    enableImplicitConversion: false,
    excludeExtraneousValues: false,
  });
  const errors = validateSync(env, { whitelist: true, forbidUnknownValues: true });
  const problems = errors.flatMap((error) => describe(env, error, raw));
  if (problems.length === 0 && hasCrossFieldChecks(env)) problems.push(...env.crossFieldProblems());
  if (problems.length > 0) throw new InvalidEnvironmentError(problems);
  return env;
}

/** A schema may check rules that span variables once each variable is valid on its own. */
export interface CrossFieldChecks {
  crossFieldProblems(): string[];
}

const hasCrossFieldChecks = (env: object): env is CrossFieldChecks =>
  typeof (env as Partial<CrossFieldChecks>).crossFieldProblems === 'function';

function describe(env: object, error: ValidationError, raw: Record<string, string>): string[] {
  const value = raw[error.property];
  const shown = value === undefined ? 'unset' : isSensitive(env, error.property) ? '(hidden)' : `'${value}'`;
  return Object.values(error.constraints ?? {}).map((message) => `${error.property} (${shown}): ${message}`);
}
