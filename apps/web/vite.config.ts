import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { pureSdkEnums } from './vite-plugins/pure-sdk-enums'

const apiTarget = process.env.PARSEDESK_API ?? 'http://localhost:3000'

/**
 * react-router's package exports only its development build; the production one, shipped beside it, has
 * its dev warnings switched off, so the minifier can drop them.
 */
function reactRouterProductionBuild(): string {
  const packageJson = createRequire(import.meta.url).resolve('react-router/package.json')
  return path.join(path.dirname(packageJson), 'dist/production/index.mjs')
}

export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), pureSdkEnums()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProductionBuild() }] : []),
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // Every browser the es2022 target admits supports <link rel="modulepreload">; no polyfill needed.
    modulePreload: { polyfill: false },
  },
  // Under `vite dev` the API lives on the server's port; in production both share one origin.
  server: { proxy: { '/v1': { target: apiTarget, ws: true, changeOrigin: false } } },
}))
