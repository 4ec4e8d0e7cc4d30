import net from 'node:net'

// Below Linux's ephemeral range (32768-60999), where the kernel places the local end of every outgoing
// connection: a port probed free there can be taken by any test's database connection before the server
// binds it (seen in CI as EADDRINUSE). Each Vitest worker draws from a block of its own, and a process
// never hands out a port twice, so tests running side by side cannot pick the same one either.
const FIRST_PORT = 15_000
const BLOCK_SIZE = 1_000
const BLOCKS = 17
const handedOut = new Set<number>()

function blockStart(): number {
  const worker = Number(process.env.VITEST_POOL_ID ?? process.env.TEST_PARALLEL_INDEX ?? 0)
  return FIRST_PORT + ((Number.isInteger(worker) ? worker : 0) % BLOCKS) * BLOCK_SIZE
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

/** A port free right now, for servers whose public URL must be known before they listen. */
export async function freePort(): Promise<number> {
  const start = blockStart()
  for (let tries = 0; tries < BLOCK_SIZE; tries++) {
    const port = start + Math.floor(Math.random() * BLOCK_SIZE)
    if (handedOut.has(port)) continue
    handedOut.add(port)
    if (await isFree(port)) return port
  }
  throw new Error(`no free port left in ${start}-${start + BLOCK_SIZE - 1}`)
}
