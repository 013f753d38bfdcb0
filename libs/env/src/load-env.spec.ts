import { IsBoolean, IsInt, IsOptional, IsString, Max, Min, MinLength } from 'class-validator';

import { EnvBoolean, EnvInt } from './env-transforms';
import { type CrossFieldChecks, InvalidEnvironmentError, loadEnv, Sensitive } from './load-env';

class DemoEnvironment {
  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(65535)
  readonly PORT: number = 3000;

  @EnvBoolean()
  @IsBoolean()
  readonly FEATURE_ON: boolean = false;

  @IsString()
  readonly NAME: string;

  @IsOptional()
  @Sensitive()
  @MinLength(12)
  readonly API_KEY?: string;
}

class CheckedEnvironment extends DemoEnvironment implements CrossFieldChecks {
  static readonly checks = jest.fn<string[], [CheckedEnvironment]>();

  crossFieldProblems(): string[] {
    return CheckedEnvironment.checks(this);
  }
}

function problemsOf(act: () => unknown): string[] {
  try {
    act();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidEnvironmentError);
    return (error as InvalidEnvironmentError).problems;
  }
  throw new Error('Expected an InvalidEnvironmentError');
}

/** The variables the problems name, in order, each once. */
const variablesOf = (problems: string[]): string[] => [
  ...new Set(problems.map((problem) => problem.split(' ')[0])),
];

describe(loadEnv.name, () => {
  it('reads and converts the variables of the schema', () => {
    const sut = loadEnv(DemoEnvironment, {
      PORT: '8080',
      FEATURE_ON: 'yes',
      NAME: 'demo',
      API_KEY: 'k'.repeat(12),
    });

    expect(sut).toBeInstanceOf(DemoEnvironment);
    expect(sut).toEqual({ PORT: 8080, FEATURE_ON: true, NAME: 'demo', API_KEY: 'k'.repeat(12) });
  });

  it("applies the schema's own defaults to unset variables", () => {
    const sut = loadEnv(DemoEnvironment, { NAME: 'demo' });

    expect(sut.PORT).toBe(3000);
    expect(sut.FEATURE_ON).toBe(false);
    expect(sut.API_KEY).toBeUndefined();
  });

  it('applies the defaults given, converted like set variables', () => {
    const sut = loadEnv(DemoEnvironment, {}, { PORT: '4000', FEATURE_ON: 'true', NAME: 'fallback' });

    expect(sut).toMatchObject({ PORT: 4000, FEATURE_ON: true, NAME: 'fallback' });
  });

  it('prefers the environment over the defaults given', () => {
    const sut = loadEnv(DemoEnvironment, { PORT: '5000' }, { PORT: '4000', NAME: 'fallback' });

    expect(sut.PORT).toBe(5000);
  });

  it('checks the defaults given like set variables', () => {
    const problems = problemsOf(() => loadEnv(DemoEnvironment, { NAME: 'x' }, { PORT: 'eighty' }));

    expect(variablesOf(problems)).toEqual(['PORT']);
    expect(problems).toContain("PORT ('eighty'): PORT must be an integer number");
  });

  it('treats an empty variable as unset', () => {
    const sut = loadEnv(DemoEnvironment, { PORT: '', FEATURE_ON: '', NAME: 'demo', API_KEY: '' });

    expect(sut).toMatchObject({ PORT: 3000, FEATURE_ON: false });
    expect(sut.API_KEY).toBeUndefined();
  });

  it('treats an empty variable as unset even when a default is given', () => {
    expect(loadEnv(DemoEnvironment, { NAME: '' }, { NAME: 'fallback' }).NAME).toBe('fallback');
  });

  it('reports a required variable that is empty as unset', () => {
    expect(problemsOf(() => loadEnv(DemoEnvironment, { NAME: '' }))).toEqual([
      expect.stringMatching(/^NAME \(unset\): /),
    ]);
  });

  it('lists every invalid variable in one error', () => {
    const problems = problemsOf(() =>
      loadEnv(DemoEnvironment, { PORT: '70000', FEATURE_ON: 'maybe', API_KEY: 'short' }),
    );

    expect(variablesOf(problems)).toEqual(['PORT', 'FEATURE_ON', 'NAME', 'API_KEY']);
    expect(problems).toEqual([
      "PORT ('70000'): PORT must not be greater than 65535",
      "FEATURE_ON ('maybe'): FEATURE_ON must be a boolean value",
      'NAME (unset): NAME must be a string',
      'API_KEY ((hidden)): API_KEY must be longer than or equal to 12 characters',
    ]);
  });

  it('puts every problem in the error message', () => {
    let message = '';
    try {
      loadEnv(DemoEnvironment, { PORT: 'abc', FEATURE_ON: 'maybe', NAME: 'demo' });
    } catch (error) {
      message = (error as Error).message;
      expect((error as Error).name).toBe('InvalidEnvironmentError');
    }

    expect(message).toMatch(/^Invalid environment:\n/);
    expect(message).toContain("\n  - PORT ('abc'): PORT must be an integer number");
    expect(message).toContain("\n  - FEATURE_ON ('maybe'): FEATURE_ON must be a boolean value");
  });

  it('never shows the value of a sensitive variable', () => {
    const secretValue = 'sup3r-s3cret';

    const problems = problemsOf(() =>
      loadEnv(DemoEnvironment, { NAME: 'demo', API_KEY: secretValue.slice(0, 8) }),
    );

    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('(hidden)');
    expect(problems.join('\n')).not.toContain('sup3r-s3');
  });

  it('rejects an integer variable that is not an integer', () => {
    const problems = problemsOf(() => loadEnv(DemoEnvironment, { NAME: 'x', PORT: '80.5' }));

    expect(variablesOf(problems)).toEqual(['PORT']);
    expect(problems).toContain("PORT ('80.5'): PORT must be an integer number");
  });

  it.each([
    ['true', true],
    ['1', true],
    ['YES', true],
    [' false ', false],
    ['0', false],
    ['no', false],
  ])('reads the boolean %p as %p', (value, expected) => {
    expect(loadEnv(DemoEnvironment, { NAME: 'x', FEATURE_ON: value }).FEATURE_ON).toBe(expected);
  });

  it('keeps only the variables of the schema', () => {
    const sut = loadEnv(DemoEnvironment, { NAME: 'demo', PATH: '/usr/bin', HOME: '/root' });

    expect(sut).not.toHaveProperty('PATH');
    expect(sut).not.toHaveProperty('HOME');
  });

  describe('cross-field checks', () => {
    it('fails with the problems the schema reports', () => {
      CheckedEnvironment.checks.mockReturnValue(['NAME (demo): must differ on port 3000']);

      expect(problemsOf(() => loadEnv(CheckedEnvironment, { NAME: 'demo' }))).toEqual([
        'NAME (demo): must differ on port 3000',
      ]);
    });

    it('runs on the converted values', () => {
      CheckedEnvironment.checks.mockReturnValue([]);

      const sut = loadEnv(CheckedEnvironment, { NAME: 'demo', PORT: '81' });

      expect(sut.PORT).toBe(81);
      expect(CheckedEnvironment.checks).toHaveBeenCalledWith(sut);
      expect(CheckedEnvironment.checks.mock.calls[0][0].PORT).toBe(81);
    });

    it('does not run while a variable is invalid on its own', () => {
      CheckedEnvironment.checks.mockReturnValue(['cross-field problem']);

      const problems = problemsOf(() => loadEnv(CheckedEnvironment, { NAME: 'demo', PORT: 'x' }));

      expect(variablesOf(problems)).toEqual(['PORT']);
      expect(problems).not.toContain('cross-field problem');
      expect(CheckedEnvironment.checks).not.toHaveBeenCalled();
    });
  });
});
