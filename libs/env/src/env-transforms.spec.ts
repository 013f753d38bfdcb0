import { plainToInstance } from 'class-transformer';

import { EnvBoolean, EnvInt } from './env-transforms';

class Variables {
  @EnvInt()
  readonly count?: unknown;

  @EnvBoolean()
  readonly flag?: unknown;
}

const read = (plain: Record<string, unknown>): Variables => plainToInstance(Variables, plain);

describe('EnvInt', () => {
  it.each([
    ['42', 42],
    ['-3', -3],
    [' 7 ', 7],
    ['0', 0],
  ])('reads %p as %p', (count, expected) => {
    expect(read({ count }).count).toBe(expected);
  });

  it.each(['4.2', '1e3', 'abc', '+5', '0x10', '12abc'])('leaves %p as sent', (count) => {
    expect(read({ count }).count).toBe(count);
  });
});

describe('EnvBoolean', () => {
  it.each([
    ['true', true],
    ['TRUE', true],
    ['1', true],
    ['yes', true],
    ['false', false],
    ['0', false],
    [' No ', false],
  ])('reads %p as %p', (flag, expected) => {
    expect(read({ flag }).flag).toBe(expected);
  });

  it.each(['on', 'off', 'y', '2', 'truthy'])('leaves %p as sent', (flag) => {
    expect(read({ flag }).flag).toBe(flag);
  });
});
