import fs from 'node:fs'
import os from 'node:os'

export type TCpuSample = { at: number; busyMs: number; selfMs: number; postgresMs: number }

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

function readPostgresMs(): number {
  let total = 0
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
      if (!stat.includes('(postgres)')) continue
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      total += (Number(fields[11]) + Number(fields[12])) * TICK_MS
    } catch {
      // The process ended between listing and reading.
    }
  }
  return total
}

/** Undefined off Linux: the figures then print without the share other processes took. */
export function sampleCpu(): TCpuSample | undefined {
  if (process.platform !== 'linux') return undefined
  const usage = process.cpuUsage()
  return {
    at: performance.now(),
    busyMs: readBusyMs(),
    selfMs: (usage.user + usage.system) / 1000,
    postgresMs: readPostgresMs(),
  }
}

/**
 * Splits the busy time between this process, local Postgres processes and everything else, so a
 * figure taken while other work shared the machine says so instead of passing for the server's own.
 * A Postgres process that exits in between (an autovacuum worker) leaves its time under "others".
 */
export function cpuShareBetween(
  from: TCpuSample | undefined,
  to: TCpuSample | undefined,
): TCpuShare | undefined {
  if (!from || !to) return undefined
  const capacityMs = (to.at - from.at) * os.cpus().length
  if (capacityMs <= 0) return undefined
  const selfMs = to.selfMs - from.selfMs
  const postgresMs = to.postgresMs - from.postgresMs
  const othersMs = Math.max(0, to.busyMs - from.busyMs - selfMs - postgresMs)
  return { capacityMs, selfMs, postgresMs, othersMs }
}

export function othersShare(cpu: TCpuShare | undefined): number {
  return cpu ? cpu.othersMs / cpu.capacityMs : 0
}
