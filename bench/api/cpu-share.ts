import fs from 'node:fs'
import os from 'node:os'

export type TCpuSample = { at: number; busyMs: number; selfMs: number; postgresMs: Map<string, number> }

/** CPU time (ms, summed over cores) spent between two samples, and what all cores could have given. */
export type TCpuShare = { capacityMs: number; selfMs: number; postgresMs: number; othersMs: number }

const TICK_MS = 10 // USER_HZ is 100 on every Linux we run on.

function readBusyMs(): number {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? ''
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number)
  return (user + nice + system + irq + softirq + steal) * TICK_MS
}

// Postgres's shared helpers also work for the bench (WAL, checkpoints); other databases' backends do not.
const SHARED_POSTGRES_HELPERS = /: (walwriter|checkpointer|background writer)\b/

/** CPU ms of each Postgres process serving `database` (backends and autovacuum name it in their title). */
function readPostgresMs(database: string | undefined): Map<string, number> {
  const byPid = new Map<string, number>()
  if (!database) return byPid
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
      if (!stat.includes('(postgres)')) continue
      const title = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      if (!title.includes(` ${database} `) && !SHARED_POSTGRES_HELPERS.test(title)) continue
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      byPid.set(pid, (Number(fields[11]) + Number(fields[12])) * TICK_MS)
    } catch {
      // The process ended between listing and reading.
    }
  }
  return byPid
}

/**
 * `postgresDatabase` names the bench's own database on a local Postgres; without it (PGlite runs in
 * this process) every Postgres process counts as another process. Undefined off Linux: the figures
 * then print without the share other processes took.
 */
export function sampleCpu(postgresDatabase?: string): TCpuSample | undefined {
  if (process.platform !== 'linux') return undefined
  const usage = process.cpuUsage()
  return {
    at: performance.now(),
    busyMs: readBusyMs(),
    selfMs: (usage.user + usage.system) / 1000,
    postgresMs: readPostgresMs(postgresDatabase),
  }
}

/**
 * Splits the busy time between this process, the bench database's Postgres processes and everything else, so a
 * figure taken while other work shared the machine says so instead of passing for the server's own.
 * Postgres is counted per process; one that exits in between (an autovacuum worker) leaves its time
 * under "others".
 */
export function cpuShareBetween(
  from: TCpuSample | undefined,
  to: TCpuSample | undefined,
): TCpuShare | undefined {
  if (!from || !to) return undefined
  const capacityMs = (to.at - from.at) * os.cpus().length
  if (capacityMs <= 0) return undefined
  const selfMs = to.selfMs - from.selfMs
  let postgresMs = 0
  for (const [pid, ms] of to.postgresMs) postgresMs += ms - (from.postgresMs.get(pid) ?? 0)
  const othersMs = Math.max(0, to.busyMs - from.busyMs - selfMs - postgresMs)
  return { capacityMs, selfMs, postgresMs, othersMs }
}

export function othersShare(cpu: TCpuShare | undefined): number {
  return cpu ? cpu.othersMs / cpu.capacityMs : 0
}
