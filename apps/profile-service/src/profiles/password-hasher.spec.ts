import { PasswordHasher } from './password-hasher';

describe(PasswordHasher.name, () => {
  const sut = new PasswordHasher();

  it('stores an argon2id hash with the documented parameters, never the password', async () => {
    const stored = await sut.hash('correct horse battery staple');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=9216,t=4,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(stored).not.toContain('correct horse');
  });

  it('salts every hash, and verifies the right password only', async () => {
    const first = await sut.hash('Geheim-123');
    const second = await sut.hash('Geheim-123');
    expect(first).not.toBe(second);
    await expect(sut.verify(first, 'Geheim-123')).resolves.toBe(true);
    await expect(sut.verify(second, 'Geheim-123')).resolves.toBe(true);
    await expect(sut.verify(first, 'geheim-123')).resolves.toBe(false);
  });
});
