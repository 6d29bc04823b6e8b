/**
 * scrypt at one of OWASP's equivalent settings (Password Storage Cheat Sheet): N=2^15, r=8, p=3. It costs about the
 * same CPU as N=2^17, p=1 but needs 32 MiB instead of 128 MiB a hash, so concurrent sign-ins do not exhaust memory.
 * The parameters are stored with each hash, so they can be raised later and old hashes still verify.
 *
 * Its own module so that the unit tests can hash cheaply (jest.setup.ts); password.test.ts checks these values.
 */
export const PASSWORD_HASH_PARAMS = { logN: 15, r: 8, p: 3 } as const;
