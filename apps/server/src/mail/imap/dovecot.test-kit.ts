import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ImapFlow } from 'imapflow'
import { freePort } from '../../testing/free-port'

const DOVECOT_PATHS = ['/usr/sbin/dovecot', '/usr/local/sbin/dovecot']

/** Debian's dovecot binary (package dovecot-imapd), or undefined when it is not installed. */
export function findDovecot(): string | undefined {
  return DOVECOT_PATHS.find((p) => fs.existsSync(p))
}

export type TTestDovecotUser = { name: string; password: string }

export type TTestDovecot = {
  host: string
  port: number
  /** Delivers a message the way a mail client would: APPEND into the user's folder. */
  deliver(options: { user: string; password: string; raw: string; folder?: string }): Promise<void>
  /** A connected client of the user, for looking at flags the way the mailbox owner would. */
  connect(options: { user: string; password: string }): Promise<ImapFlow>
  stop(): Promise<void>
}

export type TStartTestDovecotOptions = {
  /**
   * Written before dovecot starts: its passwd-file driver looks at the file at most once per second
   * (and only when its mtime or size changed), so a user appended right after a login is unknown for
   * up to a second and the login fails.
   */
  users: TTestDovecotUser[]
  /** Leave IDLE out of CAPABILITY, as some servers do, so clients must poll. */
  withoutIdle?: boolean
}

type TIdentity = { uid: number; gid: number; internalUser: string; loginUser: string; group: string }

/** Dovecot refuses to run its login processes as root; under root the Debian package's users serve. */
function identityFor(): TIdentity {
  const uid = process.getuid?.() ?? 0
  if (uid !== 0) {
    const user = os.userInfo().username
    const group = execFileSync('id', ['-gn'], { encoding: 'utf8' }).trim()
    return { uid, gid: process.getgid?.() ?? 0, internalUser: user, loginUser: user, group }
  }
  const id = (flag: string) => Number(execFileSync('id', [flag, 'dovecot'], { encoding: 'utf8' }).trim())
  return { uid: id('-u'), gid: id('-g'), internalUser: 'dovecot', loginUser: 'dovenull', group: 'dovecot' }
}

function configText(options: {
  dir: string
  port: number
  identity: TIdentity
  withoutIdle: boolean
}): string {
  const { dir, port, identity } = options
  return `protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:${dir}/mail/%u
first_valid_uid = ${identity.uid}
default_internal_user = ${identity.internalUser}
default_internal_group = ${identity.group}
default_login_user = ${identity.loginUser}
${options.withoutIdle ? 'imap_capability = IMAP4rev1 SASL-IR LITERAL+ ID ENABLE UIDPLUS MOVE\n' : ''}passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${identity.uid} gid=${identity.gid} home=${dir}/mail/%u
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
`
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await check().catch(() => false)) return
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/**
 * A dovecot of the test's own: a temp dir, a free port on 127.0.0.1, users in a passwd file, maildirs
 * in the temp dir, no TLS, logging to a file. Started as a child process and stopped by the test.
 */
export async function startTestDovecot(options: TStartTestDovecotOptions): Promise<TTestDovecot> {
  const binary = findDovecot()
  if (!binary) throw new Error('dovecot is not installed (apt-get install dovecot-imapd)')
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-dovecot-'))
  const identity = identityFor()
  const port = await freePort()
  fs.mkdirSync(path.join(dir, 'mail'))
  fs.chmodSync(dir, 0o755)
  fs.chownSync(path.join(dir, 'mail'), identity.uid, identity.gid)
  const probe: TTestDovecotUser = { name: 'probe', password: 'probe-password' }
  fs.writeFileSync(
    path.join(dir, 'passwd'),
    [probe, ...options.users].map(({ name, password }) => `${name}:{PLAIN}${password}\n`).join(''),
  )
  const conf = path.join(dir, 'dovecot.conf')
  fs.writeFileSync(conf, configText({ dir, port, identity, withoutIdle: options.withoutIdle ?? false }))

  const child: ChildProcess = spawn(binary, ['-F', '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  // A test process that exits without stop() (a crash, a killed worker) still leaves nothing behind;
  // dovecot's own processes end when their master is gone.
  const killOnExit = () => {
    child.kill('SIGKILL')
    fs.rmSync(dir, { recursive: true, force: true })
  }
  process.once('exit', killOnExit)

  const connect = async ({ user, password }: { user: string; password: string }) => {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      auth: { user, pass: password },
      logger: false,
    })
    client.on('error', () => undefined)
    await client.connect()
    return client
  }

  const dovecot: TTestDovecot = {
    host: '127.0.0.1',
    port,
    async deliver({ user, password, raw, folder = 'INBOX' }) {
      const client = await connect({ user, password })
      try {
        await client.append(folder, raw)
      } finally {
        await client.logout()
      }
    },
    connect,
    async stop() {
      process.removeListener('exit', killOnExit)
      child.kill('SIGTERM')
      await exited
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }

  try {
    await waitUntil(
      async () => {
        const client = await connect({ user: probe.name, password: probe.password })
        await client.logout()
        return true
      },
      15_000,
      'dovecot to accept logins',
    )
  } catch (error) {
    const log = fs.existsSync(path.join(dir, 'dovecot.log'))
      ? fs.readFileSync(path.join(dir, 'dovecot.log'), 'utf8')
      : ''
    await dovecot.stop()
    throw new Error(`${(error as Error).message}\n${output}\n${log}`)
  }
  return dovecot
}
