import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseRoles, SERVER_ROLES } from '../config/config'
import { REPO_ROOT, readCompose, readDockerfile } from './container.test-kit'

// No registry is reachable from our machines, so neither file is built or run here: these are the
// properties an operator relies on, read from the files themselves. production.integration.test.ts runs
// the image's steps, CMD and HEALTHCHECK, and the compose commands, on the host.
describe('the Dockerfile', () => {
  const dockerfile = readDockerfile()
  const image = dockerfile.stages.at(-1) ?? []
  const runs = image.filter((i) => i.keyword === 'RUN').map((i) => i.args)

  it('builds in one stage and runs from another that installs production dependencies only', () => {
    expect(dockerfile.stages.length).toBeGreaterThanOrEqual(2)
    const build = dockerfile.stages[0] ?? []
    expect(build.map((i) => i.args)).toContain('npm run build -- --out /out')
    expect(image.find((i) => i.keyword === 'COPY')?.args).toBe('--from=build /out ./')
    expect(runs.some((run) => run.startsWith('npm ci --omit=dev'))).toBe(true)
    expect(runs.some((run) => /npm (ci|install)(?!.*--omit=dev)/.test(run))).toBe(false)
  })

  it('runs as an unprivileged user, node itself (so SIGTERM reaches the server), every role by default', () => {
    expect(dockerfile.user).toBe('node')
    const [node, , entry, roles] = dockerfile.cmd
    expect([node, entry]).toEqual(['node', 'apps/server/dist/main.js'])
    expect([...parseRoles([roles ?? ''])]).toEqual([...SERVER_ROLES])
  })

  it('checks health on the listener every role serves, with the script the build puts in the image', () => {
    expect(dockerfile.healthcheck).toEqual(['node', 'scripts/healthcheck.mjs'])
    expect(dockerfile.env.METRICS_PORT).toMatch(/^\d+$/)
    expect(dockerfile.env.METRICS_HOST).toBe('0.0.0.0')
    // build.mjs copies it into the production copy the image is made from.
    expect(fs.readFileSync(path.join(REPO_ROOT, 'scripts/build.mjs'), 'utf8')).toContain(
      "'scripts/healthcheck.mjs'",
    )
  })

  it('leaves out what the build stage makes itself', () => {
    const ignored = fs.readFileSync(path.join(REPO_ROOT, '.dockerignore'), 'utf8').split('\n')
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', 'data', '.git', '.env']))
  })
})

describe('compose.yaml', () => {
  const { services, volumes } = readCompose()
  const roleOf = (name: string) => {
    const command = services[name]?.command ?? []
    return [...parseRoles(command.slice(1))]
  }

  it('runs PostgreSQL and each role as a service of its own, from the one image', () => {
    expect(Object.keys(services).sort()).toEqual(['http', 'postgres', 'smtp', 'worker'])
    for (const role of SERVER_ROLES) {
      expect(roleOf(role)).toEqual([role])
      const service = services[role]
      expect(service?.build).toBe('.')
      expect(service?.command?.slice(0, 3)).toEqual(readDockerfile().cmd.slice(0, 3))
      expect(service?.environment?.DATABASE_URL).toMatch(
        /^postgres:\/\/parsedesk:\$\{POSTGRES_PASSWORD.*\}@postgres:5432\//,
      )
      // One key on every process: each opens IMAP passwords another may have sealed.
      expect(service?.environment?.SECRET_KEY).toMatch(/^\$\{SECRET_KEY:\?/)
      expect(service?.depends_on?.postgres?.condition).toBe('service_healthy')
      // The image's HEALTHCHECK applies: no service turns it off or replaces it.
      expect(service?.healthcheck).toBeUndefined()
      expect(service?.volumes).toEqual(['files:/data'])
    }
    expect(services.postgres?.healthcheck?.test).toContain('pg_isready')
    expect(Object.keys(volumes).sort()).toEqual(['files', 'postgres'])
  })

  it('publishes HTTP and SMTP, and nothing of the worker, so --scale worker=3 has no port to fight over', () => {
    // Compose's `host:container`, the host side an overridable variable.
    const published = (service: string) => services[service]?.ports?.map((port) => port.split(':').at(-1))
    expect(published('http')).toEqual(['3000'])
    expect(published('smtp')).toEqual(['2525'])
    expect(services.worker?.ports).toBeUndefined()
    expect(services.worker?.container_name).toBeUndefined()
    // The metrics port stays on the compose network.
    for (const role of SERVER_ROLES) expect(JSON.stringify(services[role]?.ports ?? [])).not.toContain('9464')
  })
})
