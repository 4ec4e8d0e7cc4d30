import { gzipSync } from 'node:zlib'
import { build } from 'vite'

const pkgOf = (id) => {
  if (!id.includes('node_modules')) return null
  const s = id.replace(/.*node_modules\//, '')
  return s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]
}
const pure = process.env.PURE ? process.env.PURE.split(',') : []
const out = await build({
  root: process.cwd(),
  logLevel: 'silent',
  build: { write: false, rolldownOptions: { treeshake: { manualPureFunctions: pure } } },
})
const outputs = Array.isArray(out) ? out : [out]
for (const o of outputs)
  for (const c of o.output)
    if (c.type === 'chunk' && (c.isEntry || process.env.ALL)) {
      console.log('==', c.fileName, (gzipSync(c.code).length / 1024).toFixed(1), 'imports', c.imports)
      const byPkg = {}
      for (const [id, m] of Object.entries(c.modules)) {
        const k = pkgOf(id) ?? id.replace(/.*\/src\//, 'src/').replace(/.*packages\//, 'pk/')
        byPkg[k] = (byPkg[k] || 0) + m.renderedLength
      }
      console.log(
        Object.entries(byPkg)
          .sort((a, b) => b[1] - a[1])
          .slice(0, 25)
          .map(([k, v]) => `  ${k} ${v}`)
          .join('\n'),
      )
    }
