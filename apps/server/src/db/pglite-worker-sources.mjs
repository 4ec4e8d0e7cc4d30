// The database thread's entry on the TypeScript sources (tsx, Vitest): Node 20 gives a worker none of the
// loader its parent runs with, even through `execArgv`, so the worker registers tsx itself first. The
// bundle starts pglite-worker.js directly.
import { register } from 'tsx/esm/api'

register()
await import('./pglite-worker.ts')
