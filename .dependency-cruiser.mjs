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
    // The server's layers (decision 0088): a route file calls services; a service calls repositories; only
    // a repository (`*.repository.ts`) or db/ writes SQL with Kysely or names the tables' row types (db/schema.ts).
    {
      name: 'server-routes-call-services',
      severity: 'error',
      comment: 'A route file calls a service: not a repository, not Kysely, not db/ (the Db handle as a type alone).',
      from: { path: '^apps/server/src/.+\\.routes\\.ts$' },
      to: {
        path: ['\\.repository\\.ts$', '^apps/server/src/db/', '(^|/)node_modules/kysely/'],
        pathNot: '^apps/server/src/db/database\\.ts$',
      },
    },
    {
      name: 'server-routes-hold-no-database',
      severity: 'error',
      comment: 'A route file takes the database handle as a type and hands it to a service; it runs nothing on it.',
      from: { path: '^apps/server/src/.+\\.routes\\.ts$' },
      to: { path: '^apps/server/src/db/database\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-sql-in-repositories',
      severity: 'error',
      comment: 'Kysely and the row types of db/schema.ts belong to repositories (*.repository.ts) and db/: move the query into one.',
      from: { path: '^apps/server/src/', pathNot: ['\\.repository\\.ts$', '^apps/server/src/db/', '\\.test\\.ts$'] },
      to: { path: ['(^|/)node_modules/kysely/', '^apps/server/src/db/schema\\.ts$'] },
    },
    {
      name: 'server-repositories-call-no-service',
      severity: 'error',
      comment: 'A repository or db/ calls no service and no route: the layers point down.',
      from: { path: ['\\.repository\\.ts$', '^apps/server/src/db/'] },
      to: { path: ['\\.service\\.ts$', '\\.routes\\.ts$'] },
    },
    {
      name: 'server-services-call-no-route',
      severity: 'error',
      comment: 'A service calls no route file.',
      from: { path: '\\.service\\.ts$' },
      to: { path: '\\.routes\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Packages in node_modules stay in the graph as leaves (not followed): the server's layer rules name kysely.
    exclude: { path: '^(apps|packages)/[^/]+/dist/' },
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
