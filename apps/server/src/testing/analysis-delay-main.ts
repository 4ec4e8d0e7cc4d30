import { runCli } from '../cli'
import { delayTicketAnalyser } from './analysis-delay'
import { ANALYSIS_DELAY_ENV } from './analysis-delay-env'

// The server as main.ts starts it, with every ticket analysis waiting first: the crash and SIGTERM tests
// need a ticket to stay `processing` while they kill or stop the worker (server-process.ts starts this).
const delayMs = Number(process.env[ANALYSIS_DELAY_ENV] ?? 0)
if (!Number.isInteger(delayMs) || delayMs < 0)
  throw new Error(`${ANALYSIS_DELAY_ENV} is not a whole number of ms`)
runCli({ wrapAnalyser: (analyser) => delayTicketAnalyser({ analyser, delayMs }) })
