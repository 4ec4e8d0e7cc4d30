import fs from 'node:fs'
import os from 'node:os'

export type TCpuSample = { at: number; busyMs: number; selfMs: number; postgresMs: number }

/** What the machine's CPUs did between two samples, as shares of all cores' time. */
export type TCpuShare = { self: number; postgres: number; others: number }

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
 */
export function cpuShareBetween(
  from: TCpuSample | undefined,
  to: TCpuSample | undefined,
): TCpuShare | undefined {
  if (!from || !to) return undefined
  const capacity = (to.at - from.at) * os.cpus().length
  if (capacity <= 0) return undefined
  const self = to.selfMs - from.selfMs
  const postgres = to.postgresMs - from.postgresMs
  const busy = to.busyMs - from.busyMs
  return {
    self: self / capacity,
    postgres: postgres / capacity,
    others: Math.max(0, busy - self - postgres) / capacity,
  }
}
