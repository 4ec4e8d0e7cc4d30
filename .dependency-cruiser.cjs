// `npm test` fails on an import circle between folders: a folder depends on the folders below it in
// ARCHITECTURE.md's table, never back. Tests and test helpers may import anything.
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
  ],
  options: {
    exclude: {
      path: ['\\.test\\.ts$', '/testing/', 'test-harness', 'test-kit', 'test-dovecot', 'node_modules'],
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
}
