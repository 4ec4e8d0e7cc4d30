import { describe, expect, it } from 'vitest'
import { createGroupCommit } from './group-commit'

type TItem = { name: string; size: number; resolve(): void; reject(error: unknown): void }

/** A group commit whose writes are recorded, and fail for groups holding `poison`. */
function recordingGroupCommit(limits = { maxItems: 3, maxSize: 100 }) {
  const groups: string[][] = []
  const commit = createGroupCommit<TItem>({
    limits,
    sizeOf: (item) => item.size,
    async write(group) {
      groups.push(group.map((item) => item.name))
      await new Promise((resolve) => setTimeout(resolve, 5))
      if (group.some((item) => item.name === 'poison')) throw new Error('refused')
      for (const item of group) item.resolve()
    },
  })
  const add = (name: string, size = 1) =>
    new Promise<string>((resolve, reject) => commit.add({ name, size, resolve: () => resolve(name), reject }))
  return { commit, groups, add }
}

describe('group commit', () => {
  it('writes what is added in one turn together, in order, within the limits', async () => {
    const { groups, add } = recordingGroupCommit()
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((name) => add(name)))
    expect(groups).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ])
  })

  it('sends an item bigger than the size limit alone, and splits by size', async () => {
    const { groups, add } = recordingGroupCommit()
    await Promise.all([
      add('small', 10),
      add('huge', 500),
      add('half', 50),
      add('other half', 50),
      add('more', 1),
    ])
    expect(groups).toEqual([['small'], ['huge'], ['half', 'other half'], ['more']])
  })

  it('groups what arrives during a write into the next one', async () => {
    const { groups, add } = recordingGroupCommit({ maxItems: 10, maxSize: 100 })
    const first = add('first')
    await new Promise((resolve) => setTimeout(resolve, 1))
    await Promise.all([first, add('x'), add('y')])
    expect(groups).toEqual([['first'], ['x', 'y']])
  })

  it('rejects every item of a failed write and goes on with the next group', async () => {
    const { groups, add } = recordingGroupCommit({ maxItems: 2, maxSize: 100 })
    const results = await Promise.allSettled([add('ok'), add('poison'), add('after')])
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'fulfilled'])
    expect(groups).toEqual([['ok', 'poison'], ['after']])
  })

  it('is idle only once everything added has been written', async () => {
    const { commit, groups, add } = recordingGroupCommit()
    const written = Promise.all([add('a'), add('b'), add('c'), add('d')])
    await commit.idle()
    expect(groups.flat()).toEqual(['a', 'b', 'c', 'd'])
    await written
  })
})
