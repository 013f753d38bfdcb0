import { defaultDemoDataMode, describeDemoDataResult } from './demo-data';

describe(describeDemoDataResult.name, () => {
  it.each([
    [
      { outcome: 'seeded', inserted: { ui_template: 1, ui_template_sender_identifier: 3 } },
      'demo data: inserted 4 rows (ui_template 1, ui_template_sender_identifier 3)',
    ],
    [{ outcome: 'seeded', inserted: { marital_status: 1 } }, 'demo data: inserted 1 row (marital_status 1)'],
    [{ outcome: 'seeded', inserted: {} }, 'demo data: nothing inserted (everything was already there)'],
    [
      { outcome: 'not-empty', inserted: {} },
      'demo data: nothing inserted (the tables already hold data; SEED_DEMO_DATA=always adds what is missing)',
    ],
    [
      { outcome: 'no-schema', inserted: {} },
      'demo data: nothing inserted (the tables do not exist: run the migrations first)',
    ],
    [{ outcome: 'off', inserted: {} }, 'demo data: nothing inserted (SEED_DEMO_DATA=never)'],
  ] as const)('%j: %s', (result, line) => {
    expect(describeDemoDataResult('demo data', result)).toBe(line);
  });
});

describe(defaultDemoDataMode.name, () => {
  it.each([
    ['development', 'auto'],
    ['test', 'auto'],
    ['production', 'never'],
  ])('is %s -> %s', (nodeEnv, mode) => {
    expect(defaultDemoDataMode(nodeEnv)).toBe(mode);
  });
});
