import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendRaw, signUpWithMailbox, waitForDecided } from '../mail/mail-test-kit'
import { freePort } from '../testing/free-port'
import { waitForValue } from '../testing/wait-for-value'

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..')
const INBOUND_DOMAIN = 'inbound.production.test'

// The parent `npm test` passes its own npm settings down; the copy's npm must see only its own.
const { NODE_ENV: _testMode, ...inherited } = process.env
const cleanEnv = Object.fromEntries(Object.entries(inherited).filter(([name]) => !name.startsWith('npm_')))

/**
 * The production path as an operator runs it: `npm run build -- --out DIR`, `npm ci --omit=dev` in DIR,
 * then plain `node` on the bundle, with no TypeScript tooling and no dev dependency installed.
 */
describe('the production build', () => {
  let copy: string
  let dataDir: string
  let server: ChildProcess
  let output = ''
  let url: string
  let smtpPort: number

  beforeAll(async () => {
    copy = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-production-'))
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-production-data-'))
    execFileSync('npm', ['run', 'build', '--', '--out', copy], {
      cwd: REPO_ROOT,
      env: cleanEnv,
      stdio: 'pipe',
    })
    execFileSync('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: copy,
      env: cleanEnv,
      stdio: 'pipe',
    })
    const port = await freePort()
    smtpPort = await freePort()
    url = `http://127.0.0.1:${port}`
    server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
      cwd: copy,
      env: {
        ...cleanEnv,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        SMTP_PORT: String(smtpPort),
        SMTP_HOST: '127.0.0.1',
        INBOUND_DOMAIN,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    server.stdout?.on('data', (chunk) => {
      output += String(chunk)
    })
    server.stderr?.on('data', (chunk) => {
      output += String(chunk)
    })
    await waitForValue(() => output.includes('ready in') || server.exitCode !== null, {
      what: 'the built server to start',
      timeoutMs: 60_000,
    })
    if (server.exitCode !== null) throw new Error(`the built server exited:\n${output}`)
  })

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = once(server, 'exit')
      server.kill('SIGKILL')
      await exited
    }
    for (const dir of [copy, dataDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true })
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

  it('tells how long it took to answer and is ready', async () => {
    expect(output).toMatch(/listening at .* ready in \d+ ms/)
    expect(await (await fetch(`${url}/v1/ping`)).text()).toBe('Pong!')
    const ready = await fetch(`${url}/health/ready`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toMatchObject({ status: 'ready', failing: [] })
    const page = await fetch(`${url}/`)
    expect(await page.text()).toContain('<div id="root">')
  })

  it('turns one mail over SMTP into a ticket', async () => {
    const { user, mailbox } = await signUpWithMailbox(url)
    const raw = [
      'From: Ada Customer <ada@customer.example>',
      `To: ${mailbox.address}`,
      'Subject: Invoice shows the wrong amount',
      `Message-ID: <production-${Date.now()}@customer.example>`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Invoice 4411 charges us twice for March.',
      '',
    ].join('\r\n')
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

  it('exits 0 within 10 s of SIGTERM', async () => {
    const exited = once(server, 'exit')
    const started = performance.now()
    server.kill('SIGTERM')
    const [code] = await exited
    expect(code).toBe(0)
    expect(performance.now() - started).toBeLessThan(10_000)
  })
})
