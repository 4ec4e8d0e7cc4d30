// `npm test` fails on an import circle between folders: a folder depends on the folders below it in
// ARCHITECTURE.md's table, never back. Tests and test helpers may import anything; production code may not
// import them.

// Test code, by name or place: `*.test.ts(x)`, `*.test-kit.ts` (helpers shared by tests), `testing/`.
const TEST_CODE = ['\\.test\\.tsx?$', '\\.test-kit\\.ts$', '/testing/']

module.exports = {
  forbidden: [
    {
      name: 'no-folder-circle',
      comment:
        'Folders import each other in a circle: move the shared piece down (core/, db/) or pass it in.',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-module-circle',
      comment: 'Modules import each other in a circle.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-generic-rows-in-domains',
      comment:
        'A domain reads and writes its rows through its own typed repository (tickets/ticket-repository.ts, conversations/message-repository.ts): the generic documents repository serves the documents API and the workspace-resource kit only (decision 043).',
      severity: 'error',
      from: {
        path: '^apps/server/src/',
        pathNot: [
          '^apps/server/src/documents/',
          '^apps/server/src/teams/workspace-collection\\.ts$',
          ...TEST_CODE,
        ],
      },
      to: { path: '^apps/server/src/documents/document-repository\\.ts$' },
    },
    {
      name: 'mail-through-conversations-index',
      comment:
        'The mail channel reaches a ticket conversation only through conversations/index.ts: export what it needs there.',
      severity: 'error',
      from: { path: '^apps/server/src/mail/', pathNot: TEST_CODE },
      to: { path: '^apps/server/src/conversations/', pathNot: '^apps/server/src/conversations/index\\.ts$' },
    },
    {
      name: 'no-test-code-in-production',
      comment: 'Production code imports test code, which the production build would then ship.',
      severity: 'error',
      from: { pathNot: TEST_CODE },
      to: { path: TEST_CODE },
    },
  ],
  options: {
    // Test code is not followed: its imports stay out of the graph (so no circle through a test), while an
    // import of it from production code is still seen.
    exclude: { path: ['node_modules'] },
    doNotFollow: { path: TEST_CODE },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
}
