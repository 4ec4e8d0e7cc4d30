import { describe, expect, it } from 'vitest'
import { requireAll, type TRequirement } from './require-all'

const present: TRequirement = { name: 'Here', install: 'nothing to do', isPresent: () => true }
const chromium: TRequirement = {
  name: 'Chromium',
  install: 'apt-get install chromium',
  isPresent: () => false,
}
const postgres: TRequirement = {
  name: 'PostgreSQL',
  install: 'set TEST_DATABASE_URL',
  isPresent: async () => false,
}

describe('REQUIRE_ALL', () => {
  it('lets suites skip when it is not set', async () => {
    await expect(requireAll([chromium, postgres], {})).resolves.toBeUndefined()
    await expect(requireAll([chromium], { REQUIRE_ALL: '0' })).resolves.toBeUndefined()
  })

  it('fails naming every missing requirement and how to install it when set', async () => {
    const failure = requireAll([present, chromium, postgres], { REQUIRE_ALL: '1' })
    await expect(failure).rejects.toThrow(
      /Chromium: apt-get install chromium\n {2}- PostgreSQL: set TEST_DATABASE_URL$/,
    )
    await expect(requireAll([present, chromium], { REQUIRE_ALL: '1' })).rejects.not.toThrow(/Here/)
  })

  it('passes when everything is present', async () => {
    await expect(requireAll([present], { REQUIRE_ALL: '1' })).resolves.toBeUndefined()
  })
})
