// The real cost, not the cheap one every other test file hashes with (jest.setup.ts).
jest.unmock('@/lib/auth/password-cost');

import { hashPassword, isCommonPassword, passwordProblem, verifyPassword } from './password';
import { safeReturnPath, signUpSchema } from './schemas';

describe('password hashing', () => {
  it('stores scrypt with its parameters and a random salt, and verifies only the right password', async () => {
    const first = await hashPassword('lilac-harbor-71');
    const second = await hashPassword('lilac-harbor-71');
    expect(first).toMatch(/^scrypt\$15\$8\$3\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(first).not.toBe(second);
    await expect(verifyPassword('lilac-harbor-71', first)).resolves.toBe(true);
    await expect(verifyPassword('lilac-harbor-72', first)).resolves.toBe(false);
  });
  it('treats a malformed or tampered stored hash as a failed check', async () => {
    const stored = await hashPassword('lilac-harbor-71');
    await expect(verifyPassword('lilac-harbor-71', stored.replace('scrypt$15', 'scrypt$30'))).resolves.toBe(false);
    await expect(verifyPassword('lilac-harbor-71', 'plain')).resolves.toBe(false);
    await expect(verifyPassword('lilac-harbor-71', stored.slice(0, -4))).resolves.toBe(false);
  });
});

describe('password rules', () => {
  it('refuses the commonest passwords whatever their case, and one repeated character', () => {
    for (const password of ['password', 'Password1', '12345678', 'iloveyou', 'sunshine', 'zzzzzzzzzzz']) expect(isCommonPassword(password)).toBe(true);
    expect(isCommonPassword('lilac-harbor-71')).toBe(false);
    expect(passwordProblem('Jane.Doe@Example.com', { email: 'jane.doe@example.com' })).toMatch(/e-mail/);
  });
  it('needs 8 characters and allows at least 64', () => {
    const base = { name: 'Jo', email: 'jo@example.com' };
    expect(signUpSchema.safeParse({ ...base, password: 'a'.repeat(7) }).success).toBe(false);
    expect(signUpSchema.safeParse({ ...base, password: 'a'.repeat(8) }).success).toBe(true);
    expect(signUpSchema.safeParse({ ...base, password: 'a'.repeat(64) }).success).toBe(true);
    expect(signUpSchema.safeParse({ ...base, password: 'a'.repeat(128) }).success).toBe(true);
    expect(signUpSchema.safeParse({ ...base, password: 'a'.repeat(129) }).success).toBe(false);
  });
});

describe('safeReturnPath', () => {
  it('keeps same-site paths and sends everything else home', () => {
    expect(safeReturnPath('/checkout/')).toBe('/checkout/');
    expect(safeReturnPath('/booking/?a=1#x')).toBe('/booking/?a=1#x');
    for (const url of ['https://evil.example/', '//evil.example/', '/\\evil.example', 'javascript:alert(1)', '', null, undefined, '/a\nb', 'evil']) {
      expect(safeReturnPath(url)).toBe('/');
    }
  });
});
