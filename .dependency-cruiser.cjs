/**
 * No import circle anywhere (issue 39): a module's readers never import it back, directly or through others, type-only
 * imports included. `npm run cycles`; lib/cycles.test.ts shows a circle is caught.
 */
module.exports = {
  forbidden: [{ name: 'no-circular', comment: 'A module is imported back by one of its own imports.', severity: 'error', from: {}, to: { circular: true } }],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    exclude: { path: '(^|/)(node_modules|\\.next[^/]*|drizzle|test-results|playwright-report|\\.data|coverage)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.jsx', '.json'] },
  },
};
