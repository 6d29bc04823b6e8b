import { accessSync, constants, statfsSync, statSync } from 'node:fs';
import nextJest from 'next/jest.js';

/**
 * The test files' folders (each database test file copies a 42 MB embedded database into one, writes to it and
 * removes it) go to memory when the machine has a tmpfs at /dev/shm and TMPDIR is not set: twelve database test
 * files ran in 22 s instead of 27 (in band, nothing else running; the kernel's share of their CPU fell from 8 s to 5).
 * The workers inherit the setting.
 */
const MEMORY_NEEDED = 1024 ** 3;
function memoryBackedTmpdir() {
  try {
    if (!statSync('/dev/shm').isDirectory()) return undefined;
    accessSync('/dev/shm', constants.W_OK);
    // A container's /dev/shm is often 64 MB: too small for two workers' databases, so the disk it is.
    const { bavail, bsize } = statfsSync('/dev/shm');
    if (bavail * bsize < MEMORY_NEEDED) return undefined;
    return '/dev/shm';
  } catch (error) {
    // No /dev/shm, or not ours to write: the disk.
    if (['ENOENT', 'ENOTDIR', 'EACCES', 'EPERM', 'EROFS'].includes(error.code)) return undefined;
    throw error;
  }
}
const memory = process.env.TMPDIR ? undefined : memoryBackedTmpdir();
if (memory) process.env.TMPDIR = memory;

const createJestConfig = nextJest({ dir: './' });

/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'node',
  // Jest's 5 s default is for tests that touch nothing slow. Here a test's first query opens an embedded database
  // (PGlite compiles PostgreSQL to WebAssembly): on two cores shared with another worker that alone took over 5 s,
  // and lib/catalog/live.test.ts and lib/db/upkeep.test.ts failed on it (a unit run alone, 2026-11-30).
  testTimeout: 30_000,
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
