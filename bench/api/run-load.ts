import { performance } from 'node:perf_hooks'

export type TLoadResult = { durationsMs: number[]; wallMs: number; bytes: number }

export type TRunLoadOptions = {
  iterations: number
  concurrency: number
  /** Sends request number `i` and returns the response size; throws if the answer is wrong. */
  send(i: number): Promise<number>
}

/** Keeps `concurrency` requests in flight until `iterations` have completed; times each one. */
export async function runLoad(options: TRunLoadOptions): Promise<TLoadResult> {
  const durationsMs: number[] = []
  let next = 0
  let bytes = 0
  const worker = async () => {
    while (next < options.iterations) {
      const i = next++
      const started = performance.now()
      const size = await options.send(i)
      durationsMs.push(performance.now() - started)
      bytes += size
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: Math.min(options.concurrency, options.iterations) }, worker))
  return { durationsMs, wallMs: performance.now() - started, bytes }
}
