import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'node',
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/$1',
    '^server-only$': '<rootDir>/lib/test-support/server-only-stub.ts',
    // marked ships ESM only; Jest (CommonJS) loads its UMD build.
    '^marked$': '<rootDir>/node_modules/marked/lib/marked.umd.js',
  },
  testPathIgnorePatterns: ['/node_modules/', '/e2e/', '/.next/', '\\.pg\\.test\\.ts$'],
  modulePathIgnorePatterns: ['<rootDir>/.next/'],
};

export default createJestConfig(config);
