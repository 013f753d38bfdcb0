import { randomBytes } from 'node:crypto';

import { SettingValueCipher, SettingValueDecryptionError } from './setting-value-cipher';

const owner = { profileId: 7, serviceSettingId: 3 };

describe(SettingValueCipher.name, () => {
  const key = randomBytes(32);
  const sut = new SettingValueCipher(key);

  it('reads back what it wrote, Unicode and empty text included', () => {
    for (const plaintext of ['IBAN CH93 0076 2011 6238 5295 7', '', 'Zürich ✓ 𝄞', 'x'.repeat(4000)]) {
      expect(sut.decrypt(sut.encrypt(plaintext, owner), owner)).toBe(plaintext);
    }
  });

  it('never stores the plaintext and never writes the same bytes twice', () => {
    const first = sut.encrypt('secret-token', owner);
    const second = sut.encrypt('secret-token', owner);
    expect(first.includes(Buffer.from('secret-token'))).toBe(false);
    expect(first.equals(second)).toBe(false);
    expect(first[0]).toBe(1);
    expect(first.subarray(1, 5).toString('hex')).toBe(sut.currentKeyId);
  });

  it('refuses a ciphertext moved to another profile or setting', () => {
    const stored = sut.encrypt('secret', owner);
    expect(() => sut.decrypt(stored, { ...owner, profileId: 8 })).toThrow(SettingValueDecryptionError);
    expect(() => sut.decrypt(stored, { ...owner, serviceSettingId: 4 })).toThrow(/does not authenticate/);
  });

  it('refuses altered bytes anywhere', () => {
    const stored = sut.encrypt('secret', owner);
    for (let index = 0; index < stored.length; index += 1) {
      const altered = Buffer.from(stored);
      altered[index] ^= 0x01;
      expect(() => sut.decrypt(altered, owner)).toThrow(SettingValueDecryptionError);
    }
    expect(() => sut.decrypt(stored.subarray(0, 20), owner)).toThrow(/too short/);
  });

  it('reads values of a previous key after a rotation, and writes with the new one', () => {
    const stored = sut.encrypt('before the rotation', owner);
    const rotated = new SettingValueCipher(randomBytes(32), [key]);
    expect(rotated.decrypt(stored, owner)).toBe('before the rotation');
    const rewritten = rotated.encrypt('before the rotation', owner);
    expect(rewritten.subarray(1, 5).toString('hex')).toBe(rotated.currentKeyId);
    expect(() => sut.decrypt(rewritten, owner)).toThrow(/neither SETTINGS_ENCRYPTION_KEY/);
  });

  it('refuses keys that are not 32 bytes', () => {
    expect(() => new SettingValueCipher(randomBytes(16))).toThrow(/32 bytes/);
    expect(() => new SettingValueCipher(key, [randomBytes(31)])).toThrow(/32 bytes/);
  });
});
