/** Something suites need from the machine, and how to install it. */
export type TRequirement = {
  name: string
  install: string
  isPresent(): boolean | Promise<boolean>
}

/**
 * Suites that need Chromium, PostgreSQL, Dovecot or strace skip, saying why, where the machine lacks them, so a
 * laptop runs what it can. CI installs them all and sets REQUIRE_ALL=1: there a missing one fails the run
 * before any test, by name, instead of CI passing with those suites skipped.
 */
export async function requireAll(
  requirements: readonly TRequirement[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  if (env.REQUIRE_ALL !== '1') return
  const missing: TRequirement[] = []
  for (const requirement of requirements) {
    if (!(await requirement.isPresent())) missing.push(requirement)
  }
  if (missing.length === 0) return
  const lines = missing.map(({ name, install }) => `  - ${name}: ${install}`)
  throw new Error(
    `REQUIRE_ALL=1, and the tests that need these would skip (unset REQUIRE_ALL to let them):\n${lines.join('\n')}`,
  )
}
