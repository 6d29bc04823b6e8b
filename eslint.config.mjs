import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

// One cookie library on both sides (issue 39): nookies, the stack's choice, which the server's handlers and the browser's
// saved state both write with. The `cookie` package it wraps is not imported on its own; a hand-made serializer is
// what this replaced.
const oneCookieLibrary = [{ name: 'cookie', message: 'Cookies go through nookies (lib/api/cookies.ts, stores/saved-state/jar.ts).' }];

const noDbInComponents =
  'A component or server action does not read the database: call a loader of lib/<feature>/ that takes no database (docs/architecture.md names where each lives).';

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: ['.next/**', '.next-*/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts', 'drizzle/**', '.data/**'],
  },
  {
    rules: {
      // Rest siblings are how a field is dropped from a copy (groupPackages).
      '@typescript-eslint/no-unused-vars': ['warn', { ignoreRestSiblings: true, argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{js,jsx,mjs,ts,tsx,mts,cts}'],
    rules: { 'no-restricted-imports': ['error', { paths: oneCookieLibrary }] },
  },
  {
    files: ['lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: oneCookieLibrary, patterns: [{ group: ['@/components/*', '@/stores/*', '@/app/*', 'react', 'react-dom'], message: 'lib/ stays free of React and UI layers.' }] },
      ],
    },
  },
  {
    files: ['stores/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: oneCookieLibrary, patterns: [{ group: ['@/components/*', '@/app/*', '../components/*', '../../components/*', '../app/*', '../../app/*'], message: 'stores/ sit below the components and routes.' }] }],
    },
  },
  {
    files: ['components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: oneCookieLibrary, patterns: [{ group: ['@/app/*', '../../app/*', '../../../app/*'], message: 'components/ never import routes; move what both need to components/ or lib/.' }] }],
    },
  },
  {
    // Components never read the database (issue 39): a type from the schema may be named, the database not opened.
    files: ['components/**/*.{ts,tsx}'],
    ignores: ['components/**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@/lib/db', message: noDbInComponents, allowTypeImports: true }],
          patterns: [{ group: ['@/lib/db/*'], message: noDbInComponents, allowTypeImports: true }],
        },
      ],
    },
  },
];

export default config;
