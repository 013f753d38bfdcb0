// The token tool of the README: `npm run token -- <roles...>`.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ALL_ROLES, parseArguments } = require('./mint-token') as {
  ALL_ROLES: string[];
  parseArguments: (argv: string[]) => { help?: boolean; roles?: string[]; subject?: string; hours?: number };
};

describe('npm run token', () => {
  it('answers --help with the usage, minting nothing', () => {
    expect(parseArguments(['--help'])).toEqual({ help: true });
    expect(parseArguments(['ConfigApi_Read', '-h'])).toEqual({ help: true });
  });

  it('takes roles space- or comma-separated, every role when none is named', () => {
    expect(parseArguments(['ConfigApi_Read,ConfigApi_Write', 'RenderApi_Render']).roles).toEqual([
      'ConfigApi_Read',
      'ConfigApi_Write',
      'RenderApi_Render',
    ]);
    expect(parseArguments([]).roles).toEqual(ALL_ROLES);
    expect(parseArguments(['--subject', 'alice', '--hours', '2'])).toMatchObject({
      subject: 'alice',
      hours: 2,
    });
  });

  it('refuses an unknown role, suggesting the one meant', () => {
    expect(() => parseArguments(['ConfigApi_Reed'])).toThrow(
      /unknown role ConfigApi_Reed \(did you mean ConfigApi_Read\?\)/,
    );
    expect(() => parseArguments(['Admin'])).toThrow(/unknown role Admin; known: ProfileApi_Low/);
  });

  it('accepts an unknown role when told to, for testing a 403', () => {
    expect(parseArguments(['Admin', '--allow-unknown-roles']).roles).toEqual(['Admin']);
  });

  it.each([
    [['--hours'], /--hours needs a value/],
    [['--hours', '0'], /positive number/],
    [['--subject', '--hours'], /--subject needs a value/],
    [['--subject'], /--subject needs a value/],
    [['--subject', ''], /--subject needs a name, not an empty or blank one/],
    [['--subject', ' \t'], /--subject needs a name, not an empty or blank one/],
    [['--rolez', 'x'], /unknown option --rolez/],
  ])('refuses %p', (argv, message) => {
    expect(() => parseArguments(argv)).toThrow(message);
  });
});
