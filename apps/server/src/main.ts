import { runCli } from './cli'

runCli()
