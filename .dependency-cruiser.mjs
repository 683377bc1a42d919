// `npm run lint` runs this after ESLint: no import circles anywhere in the repository, type-only
// imports included (ESLint's import-x/no-cycle skips those, and a type-only circle is still a circle).
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import circles, type-only ones too: move the shared piece into a module of its own.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    // Unchanged files are not parsed again (about a second saved on a warm run).
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
      extensions: ['.ts', '.tsx', '.mjs', '.js'],
    },
  },
};
