import { echoInput, listInputs, MAX_ECHOED_INPUT, quoteInput, quoteInputs, quoteValue } from './caller-input';

const HALF_MB = 'x'.repeat(512_000);

describe(quoteInput.name, () => {
  it('quotes input up to the limit whole', () => {
    expect(quoteInput('A4')).toBe("'A4'");
    expect(quoteInput('y'.repeat(MAX_ECHOED_INPUT))).toBe(`'${'y'.repeat(MAX_ECHOED_INPUT)}'`);
  });

  it('shows the first 200 characters of longer input and says how many it has', () => {
    expect(quoteInput(HALF_MB)).toBe(`'${'x'.repeat(200)}…' (the first 200 of 512000 characters)`);
    expect(quoteInput('abcdef', 3)).toBe("'abc…' (the first 3 of 6 characters)");
  });

  it('does not cut a surrogate pair in half', () => {
    const text = `${'a'.repeat(199)}😀${'b'.repeat(10)}`;
    const quoted = quoteInput(text);
    expect(quoted).toBe(`'${'a'.repeat(199)}…' (the first 199 of 211 characters)`);
    expect(quoted).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});

describe(quoteValue.name, () => {
  it('quotes text as it is and other values as their JSON, bounded alike', () => {
    expect(quoteValue('2024-13-45')).toBe("'2024-13-45'");
    expect(quoteValue({ a: 1 })).toBe('\'{"a":1}\'');
    expect(quoteValue(undefined)).toBe("'undefined'");
    expect(quoteValue({ text: HALF_MB }).length).toBeLessThan(MAX_ECHOED_INPUT + 60);
  });
});

describe(quoteInputs.name, () => {
  it('lists the inputs that fit in the limit together and counts the rest', () => {
    expect(quoteInputs(['a', 'b'])).toBe("'a', 'b'");
    expect(quoteInputs(['x'.repeat(150), 'y'.repeat(40), 'z'.repeat(20), 'w'])).toBe(
      `'${'x'.repeat(150)}', '${'y'.repeat(40)}' and 2 more`,
    );
    expect(quoteInputs(Array.from({ length: 100_000 }, () => HALF_MB.slice(0, 1000))).length).toBeLessThan(
      MAX_ECHOED_INPUT + 80,
    );
  });

  it('cuts a first input longer than the limit', () => {
    expect(quoteInputs([HALF_MB, 'b'])).toBe(`${quoteInput(HALF_MB)} and 1 more`);
    expect(quoteInputs([])).toBe('');
  });
});

describe(listInputs.name, () => {
  it('lists as quoteInputs does, without quotes', () => {
    expect(listInputs(['recipient.name', 'date'])).toBe('recipient.name, date');
    expect(listInputs(['x'.repeat(150), 'y'.repeat(60)])).toBe(`${'x'.repeat(150)} and 1 more`);
    expect(listInputs([HALF_MB])).toBe(`${'x'.repeat(200)}… (the first 200 of 512000 characters)`);
  });
});

describe(echoInput.name, () => {
  it('shows input up to the limit as it is, and the first 200 characters of longer input', () => {
    expect(echoInput('content[0].image')).toBe('content[0].image');
    expect(echoInput(`content.${HALF_MB}`)).toBe(
      `content.${'x'.repeat(192)}… (the first 200 of 512008 characters)`,
    );
  });
});
