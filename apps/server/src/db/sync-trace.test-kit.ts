import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** Why a traced test cannot run here, or undefined when it can. */
export const STRACE_MISSING = (() => {
  const probe = spawnSync('strace', ['-V'], { stdio: 'ignore' })
  return probe.status === 0 ? undefined : 'strace is not installed (apt-get install strace)'
})()

const TRACED_CALLS = 'write,writev,pwrite64,pwritev,pwritev2,fsync,fdatasync,sync_file_range,syncfs,sync'
const SYNC_CALLS = new Set(['fsync', 'fdatasync', 'syncfs', 'sync'])

export type TTracedCall = { pid: number; call: string; target: string; text: string }

export type TSyncTrace = {
  /** Detaches from the processes and returns the calls they made meanwhile, in the order they happened. */
  stop(): Promise<TTracedCall[]>
}

/**
 * Attaches strace to running processes (their threads, and children forked meanwhile) and records their
 * writes and syncs, each with the path or socket of its file descriptor.
 */
export async function traceSyncs(pids: number[]): Promise<TSyncTrace> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-strace-'))
  const output = path.join(folder, 'trace.txt')
  const args = ['-f', '-yy', '-s', '24', '-e', `trace=${TRACED_CALLS}`, '-e', 'signal=none', '-o', output]
  const tracer = spawn('strace', [...args, ...pids.flatMap((pid) => ['-p', String(pid)])], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let messages = ''
  tracer.stderr?.on('data', (chunk) => {
    messages += String(chunk)
  })
  // strace says "Process N attached" once per process it was given (or that it is gone: a backend may exit
  // meanwhile); calls before that are not seen.
  const attached = () => (messages.match(/Process \d+ attached|No such process/g) ?? []).length >= pids.length
  const deadline = Date.now() + 30_000
  while (!attached()) {
    if (tracer.exitCode !== null || Date.now() > deadline) {
      tracer.kill('SIGKILL')
      throw new Error(`strace did not attach: ${messages}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return {
    async stop() {
      const exited = once(tracer, 'exit')
      tracer.kill('SIGINT')
      await exited
      const calls = parseTrace(fs.readFileSync(output, 'utf8'))
      fs.rmSync(folder, { recursive: true, force: true })
      return calls
    },
  }
}

/**
 * strace's lines as calls. A call another traced thread interrupted is split in two lines; a write counts
 * where it began (its bytes may already be on their way), a sync where it returned (only then is it done).
 */
function parseTrace(text: string): TTracedCall[] {
  const calls: TTracedCall[] = []
  const begun = new Map<string, TTracedCall>()
  for (const line of text.split('\n')) {
    const resumed = /^(\d+)\s+<\.\.\. (\w+) resumed>/.exec(line)
    if (resumed) {
      const key = `${resumed[1]}:${resumed[2]}`
      const call = begun.get(key)
      begun.delete(key)
      if (call && SYNC_CALLS.has(call.call)) calls.push(call)
      continue
    }
    const started =
      /^(\d+)\s+(\w+)\((?:\d+<(.*?)>(?=[,)]))?(?:, \[?\{?(?:iov_base=)?"((?:[^"\\]|\\.)*)")?/.exec(line)
    if (!started) continue
    const call: TTracedCall = {
      pid: Number(started[1]),
      call: started[2] ?? '',
      target: started[3] ?? '',
      text: started[4] ?? '',
    }
    const unfinished = line.includes('<unfinished ...>')
    if (unfinished) begun.set(`${call.pid}:${call.call}`, call)
    if (!unfinished || !SYNC_CALLS.has(call.call)) calls.push(call)
  }
  return calls
}

export type TAcknowledgement = {
  /** The socket the answer went out on. */
  socket: string
  /** Write-ahead log files written and not yet synced when the answer was written. */
  unsyncedLog: string[]
  /** Syncs of a write-ahead log file between the server's invitation to send and its answer. */
  logSyncs: number
}

const isLog = (target: string) => target.includes('/pg_wal/')

/**
 * Every SMTP answer to a mail's data (the first 250 after a 354 on one socket of `smtpPort`), with what
 * the write-ahead log held unsynced at that moment. `server` names the processes that write the server's
 * commits (all traced ones when absent): on a Postgres cluster others share, their sessions' log is
 * theirs to sync, and their syncs are not ours.
 */
export function smtpAcknowledgements(
  calls: TTracedCall[],
  smtpPort: number,
  server?: Set<number>,
): TAcknowledgement[] {
  const ours = (call: TTracedCall) => !server || server.has(call.pid)
  const unsynced = new Set<string>()
  const awaitingData = new Map<string, number>()
  let logSyncs = 0
  const acknowledgements: TAcknowledgement[] = []
  for (const call of calls) {
    if (SYNC_CALLS.has(call.call)) {
      // A sync writes out the file's (or disk's) pages whoever wrote them.
      if (call.call === 'sync' || call.call === 'syncfs') unsynced.clear()
      else if (isLog(call.target)) {
        unsynced.delete(call.target)
        if (ours(call)) logSyncs += 1
      }
      continue
    }
    if (isLog(call.target)) {
      if (ours(call)) unsynced.add(call.target)
      continue
    }
    if (!call.target.includes(`:${smtpPort}->`)) continue
    if (call.text.startsWith('354')) awaitingData.set(call.target, logSyncs)
    const syncsBefore = awaitingData.get(call.target)
    if (call.text.startsWith('250') && syncsBefore !== undefined) {
      awaitingData.delete(call.target)
      acknowledgements.push({
        socket: call.target,
        unsyncedLog: [...unsynced],
        logSyncs: logSyncs - syncsBefore,
      })
    }
  }
  return acknowledgements
}
