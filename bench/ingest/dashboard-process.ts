import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TDashboardCommand, TDashboardReport } from './dashboard-socket'

const DASHBOARD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'dashboard-socket.ts')

export type TDashboardSeen = Extract<TDashboardReport, { kind: 'seen' }>

/** The open dashboard's process (dashboard-socket.ts), seen from the bench. */
export type TDashboard = {
  userId: string
  mailbox: { id: string; address: string }
  /** Calls `listener` with the Message-ID of each mailed ticket as it shows `completed`; returns the stop. */
  onAnalysed(listener: (id: string) => void): () => void
  /** The times of the tickets whose Message-ID starts with `label-`, and the dashboard's CPU since the last report. */
  report(label: string): Promise<TDashboardSeen>
  close(): void
}

function nextReport<T extends TDashboardReport['kind']>(
  child: ChildProcess,
  kind: T,
): Promise<Extract<TDashboardReport, { kind: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: TDashboardReport) => {
      if (message.kind !== kind && message.kind !== 'failed') return
      child.off('message', onMessage)
      child.off('exit', onExit)
      if (message.kind === 'failed') reject(new Error(`the dashboard failed: ${message.message}`))
      else resolve(message as Extract<TDashboardReport, { kind: T }>)
    }
    const onExit = () => reject(new Error('the dashboard process exited'))
    child.on('message', onMessage)
    child.once('exit', onExit)
  })
}

/** Starts the dashboard's process; resolves once it is signed in and its socket subscribed. */
export async function openDashboard(serverUrl: string): Promise<TDashboard> {
  const child = spawn(process.execPath, ['--import', 'tsx', DASHBOARD], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const send = (command: TDashboardCommand) => child.send(command)
  try {
    const ready = nextReport(child, 'ready')
    send({ kind: 'open', serverUrl })
    const { userId, mailbox } = await ready
    return {
      userId,
      mailbox,
      onAnalysed(listener) {
        const onMessage = (message: TDashboardReport) => {
          if (message.kind === 'analysed') listener(message.id)
        }
        child.on('message', onMessage)
        return () => child.off('message', onMessage)
      },
      report(label) {
        const seen = nextReport(child, 'seen')
        send({ kind: 'report', label })
        return seen
      },
      close() {
        if (child.connected) child.disconnect()
      },
    }
  } catch (error) {
    child.kill()
    throw error
  }
}
