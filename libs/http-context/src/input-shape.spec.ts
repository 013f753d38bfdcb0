/**
 * Times the same work at two sizes: runs with no other suite beside it (tools/jest/lanes.js).
 *
 * @lane alone
 */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';

import { InputShape, unknownProperties } from './input-shape';

class AccountWrite {
  @IsString() readonly username!: string;
  @IsOptional() @IsString() readonly password?: string;
}

class PersonWrite {
  @ApiProperty() @IsString() readonly lastname!: string;
  @ApiPropertyOptional({ type: AccountWrite }) readonly account?: AccountWrite;
}

class SignatoryWrite {
  @ApiProperty() readonly email!: string;
}

class ProfileWrite {
  @ApiProperty() @IsString() readonly email!: string;
  @ApiPropertyOptional({ type: () => PersonWrite }) readonly person?: PersonWrite;
  @ApiPropertyOptional({ type: [SignatoryWrite] }) readonly signatories?: SignatoryWrite[];
  @ApiPropertyOptional({ type: Object, description: 'Free-form JSON.' }) readonly data?: object;
}

class AccountRead {
  @ApiProperty() readonly id!: number;
  @ApiProperty() readonly username!: string;
  @ApiProperty() readonly loginCount!: number;
}

class PersonRead {
  @ApiProperty() readonly id!: number;
  @ApiProperty() readonly lastname!: string;
  @ApiProperty({ type: AccountRead }) readonly account!: AccountRead;
}

class ProfileRead {
  @ApiProperty() readonly id!: number;
  @ApiProperty() readonly createStamp!: string;
  @ApiProperty() readonly email!: string;
  @ApiProperty({ type: PersonRead }) readonly person!: PersonRead;
}

const shape = InputShape.of([ProfileWrite, ProfileRead]);

describe('unknownProperties', () => {
  it('accepts the write properties and the response properties at every depth', () => {
    const body = {
      id: 1,
      createStamp: '2026-01-01T00:00:00Z',
      email: 'a@b.ch',
      person: {
        id: 2,
        lastname: 'Muster',
        account: { id: 3, username: 'anna', password: 'x', loginCount: 4 },
      },
      signatories: [{ email: 'c@d.ch' }],
      data: { anything: { goes: [1, { here: true }] } },
    };
    expect(unknownProperties(body, shape, 100)).toEqual({});
  });

  it('keys each unknown property by its JSON path and names the nearest known one', () => {
    const body = {
      emial: 'a@b.ch',
      person: { lastname: 'Muster', account: { usernme: 'anna' } },
      signatories: [{ email: 'c@d.ch' }, { emial: 'x' }],
    };
    expect(unknownProperties(body, shape, 100)).toEqual({
      emial: ['emial: unknown property; did you mean email?'],
      'person.account.usernme': ['usernme: unknown property; did you mean username?'],
      'signatories[1].emial': ['emial: unknown property; did you mean email?'],
    });
  });

  it('does not look into what is not an object of a known shape', () => {
    expect(
      unknownProperties({ email: { nested: 1 }, person: 'text', signatories: [1, [2]] }, shape, 100),
    ).toEqual({});
    expect(unknownProperties([{ zzz: 1 }], shape, 100)).toEqual({});
  });

  it('stops at max, and leaves the names skip refuses to others', () => {
    const body = Object.fromEntries(Array.from({ length: 500 }, (_, index) => [`unknown${index}`, index]));
    expect(Object.keys(unknownProperties(body, shape, 100))).toHaveLength(100);
    expect(unknownProperties({ 'a\u0000': 1, zz: 2 }, shape, 100, (name) => name.includes('\u0000'))).toEqual(
      {
        zz: ['zz: unknown property; known: email, person, signatories, data, id, createStamp'],
      },
    );
  });

  it('walks a body linearly: 100,000 signatories cost each what 10,000 do', () => {
    /** Nanoseconds per signatory, the least of three walks (a busy machine only adds time). */
    const perSignatory = (count: number): number => {
      const body = { signatories: Array.from({ length: count }, () => ({ email: 'a@b.ch' })) };
      const times = [1, 2, 3].map(() => {
        const started = process.hrtime.bigint();
        expect(unknownProperties(body, shape, 100)).toEqual({});
        return Number(process.hrtime.bigint() - started) / count;
      });
      return Math.min(...times);
    };
    const few = perSignatory(10_000);
    // Linear: per signatory about the same; quadratic, ten times as much.
    expect(perSignatory(100_000)).toBeLessThan(4 * few);
  });
});
