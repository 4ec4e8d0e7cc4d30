import fs from 'node:fs'
import os from 'node:os'

export type TMachine = { cpu: string; cores: number; memoryGb: number; os: string; node: string }

/** The distribution's own name when it gives one; os.release() alone only names the kernel. */
function readDistribution(): string | undefined {
  try {
    const text = fs.readFileSync('/etc/os-release', 'utf8')
    return /^PRETTY_NAME="?([^"\n]+)"?$/m.exec(text)?.[1]
  } catch {
    return undefined
  }
}

export function describeMachine(): TMachine {
  const cpus = os.cpus()
  const distribution = readDistribution()
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    os: `${distribution ? `${distribution}, ` : ''}${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
  }
}

export function formatMachine(machine: TMachine): string {
  return `${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb} GB RAM, ${machine.os}, Node ${machine.node}`
}
