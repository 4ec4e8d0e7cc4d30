import { ConfigError, loadConfig, parseRoles } from './config/config'
import { startServer } from './server'

async function main() {
  const config = loadConfig()
  const roles = parseRoles(process.argv.slice(2))
  const server = await startServer({ config, roles })
  const shown = [...roles].join(', ')
  console.log(
    `Parsedesk ${shown} listening${server.url ? ` at ${config.publicUrl}` : ''}${roles.has('smtp') ? `, SMTP on port ${server.smtpPort}` : ''} (database: ${server.db.kind})`,
  )
  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`${signal} received, shutting down`)
    await server.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    for (const problem of error.problems) console.error(problem)
  } else {
    console.error(error)
  }
  process.exit(1)
})
