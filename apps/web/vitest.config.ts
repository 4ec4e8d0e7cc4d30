import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'vite-plugins/**/*.test.ts'],
    // Component tests (*.test.tsx) ask for a DOM with `@vitest-environment happy-dom`; the rest need none.
    environment: 'node',
  },
})
