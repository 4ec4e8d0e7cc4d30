// The container's HEALTHCHECK: exit 0 when this process's /health/ready answers 200, 1 otherwise.
// It asks the METRICS_PORT listener, the one every role serves (smtp and worker have no HTTP port), on
// loopback, which METRICS_HOST=0.0.0.0 includes. Plain JavaScript with no imports: it runs in the image
// where only production dependencies are installed, and a probe must start fast.
const port = process.env.METRICS_PORT
if (!port) {
  console.error('METRICS_PORT is not set: the health check has no listener to ask')
  process.exit(1)
}
try {
  const response = await fetch(`http://127.0.0.1:${port}/health/ready`, {
    signal: AbortSignal.timeout(3_000),
  })
  if (!response.ok) console.error(`not ready: ${response.status} ${await response.text()}`)
  process.exit(response.ok ? 0 : 1)
} catch (error) {
  console.error(`no answer: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
