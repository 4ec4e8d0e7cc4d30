import { setTimeout as sleep } from 'node:timers/promises'
import type { TAnalyser } from '../analysis'

/**
 * Makes every analysis take at least `delayMs`, so a test can kill the worker while a ticket is
 * processing, or stop it while an analysis runs. Zero returns the analyser untouched.
 */
export function delayTicketAnalyser(options: { analyser: TAnalyser; delayMs: number }): TAnalyser {
  const { analyser, delayMs } = options
  if (delayMs <= 0) return analyser
  return {
    async analyse(input, options) {
      await sleep(delayMs)
      return analyser.analyse(input, options)
    },
  }
}
