import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendRaw, signUpWithMailbox, waitForDecided } from '../mail/mail.test-kit'
import { freePort } from '../testing/free-port'
import { createTestDatabase, TEST_DATABASE_URL } from '../testing/test-database'
import { waitForValue } from '../testing/wait-for-value'
import { REPO_ROOT, readCompose, readDockerfile } from './container.test-kit'

const INBOUND_DOMAIN = 'inbound.production.test'
const DOCKERFILE = readDockerfile()

// The parent `npm test` passes its own npm settings down; the copy's npm must see only its own.
const { NODE_ENV: _testMode, ...inherited } = process.env
const cleanEnv = Object.fromEntries(Object.entries(inherited).filter(([name]) => !name.startsWith('npm_')))

// The image runs as `node`, not root. Run as root here (CI), the server drops to nobody, as a container
// runtime would start it; run as anyone else, it already is an unprivileged user.
const NOBODY = 65_534
const asRoot = process.getuid?.() === 0
const unprivileged = (command: string[]) =>
  asRoot ? ['setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', '--', ...command] : command
/** A folder the server's user owns, 0700, as the image's /data volume. */
function dataFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-production-data-'))
  if (asRoot) fs.chownSync(dir, NOBODY, NOBODY)
  return dir
}
/** `node ...` from the Dockerfile or compose.yaml, run with this Node, as the unprivileged user. */
const nodeCommand = (command: string[]) =>
  unprivileged(command.map((part, index) => (index === 0 && part === 'node' ? process.execPath : part)))

type TStarted = { child: ChildProcess; output(): string }

function start(copy: string, command: string[], env: Record<string, string>): TStarted {
  const [program = '', ...args] = nodeCommand(command)
  const child = spawn(program, args, {
    cwd: copy,
    env: { ...cleanEnv, ...DOCKERFILE.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += String(chunk)
  })
  child.stderr?.on('data', (chunk) => {
    output += String(chunk)
  })
  return { child, output: () => output }
}

async function waitUntilReady(started: TStarted, what: string) {
  await waitForValue(() => started.output().includes('ready in') || started.child.exitCode !== null, {
    what,
    timeoutMs: 60_000,
  })
  if (started.child.exitCode !== null) throw new Error(`${what} exited:\n${started.output()}`)
}

/** The image's HEALTHCHECK, run in the copy as the server's user, with that process's METRICS_PORT. */
function healthcheck(copy: string, metricsPort: number) {
  const [program = '', ...args] = nodeCommand(DOCKERFILE.healthcheck)
  return spawnSync(program, args, {
    cwd: copy,
    env: { ...cleanEnv, ...DOCKERFILE.env, METRICS_PORT: String(metricsPort) },
    encoding: 'utf8',
  })
}

async function stopAll(processes: TStarted[]) {
  await Promise.all(
    processes
      .filter(({ child }) => child.exitCode === null && child.signalCode === null)
      .map(({ child }) => {
        const exited = once(child, 'exit')
        child.kill('SIGKILL')
        return exited
      }),
  )
}

function mailTo(address: string, subject: string): string {
  return [
    'From: Ada Customer <ada@customer.example>',
    `To: ${address}`,
    `Subject: ${subject}`,
    `Message-ID: <production-${crypto.randomUUID()}@customer.example>`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Invoice 4411 charges us twice for March.',
    '',
  ].join('\r\n')
}

/**
 * The production path as an operator, or the Dockerfile, runs it: `npm run build -- --out DIR`,
 * `npm ci --omit=dev` in DIR, then the image's CMD (plain `node` on the bundle) as an unprivileged user,
 * with no TypeScript tooling and no dev dependency installed, and the image's HEALTHCHECK against it.
 */
let copy: string

beforeAll(() => {
  copy = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-production-'))
  // As the image's files: the server's user reads them and owns none.
  fs.chmodSync(copy, 0o755)
  execFileSync('npm', ['run', 'build', '--', '--out', copy], { cwd: REPO_ROOT, env: cleanEnv, stdio: 'pipe' })
  execFileSync('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], {
    cwd: copy,
    env: cleanEnv,
    stdio: 'pipe',
  })
})

afterAll(() => {
  if (copy) fs.rmSync(copy, { recursive: true, force: true })
})

describe('the production build, started as the image starts it', () => {
  let dataDir: string
  let server: TStarted
  let url: string
  let smtpPort: number
  let metricsPort: number

  beforeAll(async () => {
    dataDir = dataFolder()
    const port = await freePort()
    smtpPort = await freePort()
    metricsPort = await freePort()
    url = `http://127.0.0.1:${port}`
    server = start(copy, DOCKERFILE.cmd, {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      SMTP_PORT: String(smtpPort),
      SMTP_HOST: '127.0.0.1',
      INBOUND_DOMAIN,
      DATA_DIR: dataDir,
      METRICS_PORT: String(metricsPort),
    })
    await waitUntilReady(server, 'the built server')
  })

  afterAll(async () => {
    if (server) await stopAll([server])
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('installs without dev dependencies and starts again without building', () => {
    for (const devOnly of ['tsx', 'typescript', 'esbuild', 'vite', 'vitest']) {
      expect(fs.existsSync(path.join(copy, 'node_modules', devOnly)), devOnly).toBe(false)
    }
    // What `npm start` runs first: with the outputs there and no sources, it builds nothing (and could not).
    const prestart = execFileSync(process.execPath, ['scripts/build.mjs', '--if-stale'], {
      cwd: copy,
      env: cleanEnv,
      encoding: 'utf8',
    })
    expect(prestart).toBe('')
  })

  it('runs as an unprivileged user that owns its data (and, started by root, none of its code)', () => {
    const status = fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8')
    const uid = Number(status.match(/^Uid:\s+(\d+)/m)?.[1])
    expect(uid).not.toBe(0)
    expect(fs.statSync(path.join(dataDir, 'pglite')).uid).toBe(uid)
    if (asRoot) expect(fs.statSync(path.join(copy, 'apps/server/dist/main.js')).uid).not.toBe(uid)
  })

  it('tells how long it took to answer and is ready', async () => {
    expect(server.output()).toMatch(/listening at .* ready in \d+ ms/)
    expect(await (await fetch(`${url}/v1/ping`)).text()).toBe('Pong!')
    const ready = await fetch(`${url}/health/ready`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toMatchObject({ status: 'ready', failing: [] })
    const page = await fetch(`${url}/`)
    expect(await page.text()).toContain('<div id="root">')
  })

  it("passes the image's HEALTHCHECK", () => {
    const check = healthcheck(copy, metricsPort)
    expect(check.stderr).toBe('')
    expect(check.status).toBe(0)
  })

  it('turns one mail over SMTP into a ticket', async () => {
    const { user, mailbox } = await signUpWithMailbox(url)
    const raw = mailTo(mailbox.address, 'Invoice shows the wrong amount')
    expect((await sendRaw({ port: smtpPort, to: mailbox.address, raw })).code).toBe(250)
    const [delivery] = await waitForDecided(user, 1)
    expect(delivery?.status).toBe('ticket')
    const ticket = await user.databases.getDocument({
      databaseId: 'main',
      collectionId: 'tickets',
      documentId: delivery?.ticketId as string,
    })
    expect(ticket.subject).toBe('Invoice shows the wrong amount')
  })

  it('takes a backup with the bundle, as the server user, while the server runs', () => {
    const target = path.join(dataDir, 'backups', 'from-the-bundle')
    const [program = '', ...args] = nodeCommand(['node', 'apps/server/dist/main.js', 'backup', target])
    const backup = spawnSync(program, args, {
      cwd: copy,
      env: { ...cleanEnv, ...DOCKERFILE.env, DATA_DIR: dataDir },
      encoding: 'utf8',
    })
    expect(backup.stdout + backup.stderr).toMatch(/^backed up by the running server to /)
    expect(backup.status).toBe(0)
    expect(JSON.parse(fs.readFileSync(path.join(target, 'backup.json'), 'utf8'))).toMatchObject({ files: 0 })
  })

  it("runs an admin command with the bundle, as the server user, through the running server's socket", () => {
    const [program = '', ...args] = nodeCommand(['node', 'apps/server/dist/main.js', 'admin', 'workspaces'])
    const admin = spawnSync(program, args, {
      cwd: copy,
      env: { ...cleanEnv, ...DOCKERFILE.env, DATA_DIR: dataDir },
      encoding: 'utf8',
    })
    expect(admin.stderr).toBe('')
    expect(admin.status).toBe(0)
    // The workspace of the account the mail test signed up, with its ticket.
    expect(admin.stdout).toMatch(
      /^workspace\s+members\s+invited\s+tickets\s+created\s+name\n\S+\s+1\s+0\s+1\s/,
    )
  })

  it('exits 0 within 10 s of SIGTERM, and the HEALTHCHECK then fails', async () => {
    const exited = once(server.child, 'exit')
    const started = performance.now()
    server.child.kill('SIGTERM')
    const [code] = await exited
    expect(code).toBe(0)
    expect(performance.now() - started).toBeLessThan(10_000)
    const check = healthcheck(copy, metricsPort)
    expect(check.status).toBe(1)
    expect(check.stderr).toContain('no answer')
  })
})

/**
 * compose.yaml's services as processes: each role's own command from the file, against one PostgreSQL,
 * sharing one data folder as they share the `files` volume, with two workers as `--scale worker=2` runs.
 */
describe.skipIf(!TEST_DATABASE_URL)(
  "compose.yaml's roles, each in a process of its own, on PostgreSQL",
  () => {
    const { services } = readCompose()
    let database: Awaited<ReturnType<typeof createTestDatabase>>
    let dataDir: string
    const processes: (TStarted & { service: string; metricsPort: number })[] = []
    let url: string
    let smtpPort: number

    beforeAll(async () => {
      database = await createTestDatabase(TEST_DATABASE_URL as string)
      dataDir = dataFolder()
      const port = await freePort()
      smtpPort = await freePort()
      url = `http://127.0.0.1:${port}`
      const shared = {
        DATABASE_URL: database.url,
        SECRET_KEY: crypto.randomBytes(32).toString('hex'),
        PUBLIC_URL: url,
        INBOUND_DOMAIN,
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtpPort),
      }
      // Started together, as `docker compose up` starts them: the migrations run once, under their lock.
      const started = await Promise.all(
        ['http', 'smtp', 'worker', 'worker'].map(async (service) => {
          const metricsPort = await freePort()
          const command = services[service]?.command ?? []
          const role = start(copy, command, { ...shared, METRICS_PORT: String(metricsPort) })
          processes.push({ ...role, service, metricsPort })
          return role
        }),
      )
      await Promise.all(started.map((role, i) => waitUntilReady(role, `process ${i} of compose.yaml`)))
    })

    afterAll(async () => {
      await stopAll(processes)
      await database?.drop()
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
    })

    it('each process runs its role alone and passes the HEALTHCHECK', () => {
      for (const role of processes) {
        expect(role.output()).toMatch(new RegExp(`Parsedesk ${role.service} listening`))
        const check = healthcheck(copy, role.metricsPort)
        expect(check.stderr, role.service).toBe('')
        expect(check.status, role.service).toBe(0)
      }
    })

    it('a mail to the smtp process becomes a ticket, made by a worker and shown by the http process', async () => {
      const { user, mailbox } = await signUpWithMailbox(url)
      const raw = mailTo(mailbox.address, 'Charged twice')
      expect((await sendRaw({ port: smtpPort, to: mailbox.address, raw })).code).toBe(250)
      const [delivery] = await waitForDecided(user, 1)
      expect(delivery?.status).toBe('ticket')
    })

    it('every process exits 0 within 10 s of SIGTERM', async () => {
      const started = performance.now()
      const codes = await Promise.all(
        processes.map(async ({ child }) => {
          const exited = once(child, 'exit')
          child.kill('SIGTERM')
          return (await exited)[0]
        }),
      )
      expect(codes).toEqual(processes.map(() => 0))
      expect(performance.now() - started).toBeLessThan(10_000)
    })
  },
)
