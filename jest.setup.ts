import '@testing-library/jest-dom';

// The password hash's cost is not what the handler tests check, and at its real cost (lib/auth/password-cost.ts)
// it is a third of the suite's CPU. lib/auth/password.test.ts checks the real parameters.
jest.mock('@/lib/auth/password-cost', () => ({ PASSWORD_HASH_PARAMS: { logN: 10, r: 8, p: 1 } }));
