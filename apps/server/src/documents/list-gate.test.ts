import { describe, expect, it } from 'vitest'
import { AppError } from '../core/app-error'
import { pendingWork } from '../testing/pending-work'
import { createListGate } from './list-gate'

describe('the per-user list gate', () => {
  it('runs a few lists of one user at once, queues some, refuses the rest at once, and never others', async () => {
    const gate = createListGate({ atOnce: 2, waiting: 1 })
    const first = pendingWork()
    const started: string[] = []
    const run = (user: string, name: string, work: () => Promise<void>) =>
      gate.run(user, () => {
        started.push(name)
        return work()
      })
    const a1 = run('ada', 'a1', first.work)
    const a2 = run('ada', 'a2', first.work)
    const a3 = run('ada', 'a3', first.work)
    const refused = run('ada', 'a4', first.work).catch((error: unknown) => error)
    const grace = run('grace', 'g1', async () => {})

    await grace
    expect(await refused).toBeInstanceOf(AppError)
    expect(await refused).toMatchObject({ type: 'general_rate_limit_exceeded' })
    expect(started).toEqual(['a1', 'a2', 'g1'])
    first.finish()
    await Promise.all([a1, a2, a3])
    expect(started).toEqual(['a1', 'a2', 'g1', 'a3'])
    // All places are free again: the next lists run at once.
    await run('ada', 'a5', async () => {})
    expect(started.at(-1)).toBe('a5')
  })

  it('gives a failed list its place back', async () => {
    const gate = createListGate({ atOnce: 1, waiting: 0 })
    await expect(gate.run('ada', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    await expect(gate.run('ada', async () => 'served')).resolves.toBe('served')
  })
})
