import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig, parseRoles } from './config'

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  return []
}

describe('configuration', () => {
  it('starts with the documented defaults', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 3000,
      projectId: 'parsedesk',
      databaseUrl: undefined,
      inboundDomain: 'inbound.localhost',
      publicUrl: 'http://localhost:3000',
      google: undefined,
      llm: undefined,
    })
    expect(config.smtp.port).toBe(2525)
    expect(config.dataDir.endsWith('/data')).toBe(true)
  })

  it('names every bad variable on a line of its own', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://root:hunter2@db/x',
      PUBLIC_URL: 'ftp://x',
    })
    expect(problems).toHaveLength(3)
    expect(problems.find((p) => p.startsWith('PORT:'))).toContain('"eighty"')
    expect(problems.some((p) => p.startsWith('PUBLIC_URL:'))).toBe(true)
    const database = problems.find((p) => p.startsWith('DATABASE_URL:'))
    expect(database).toContain('postgres://')
    expect(database).not.toContain('hunter2')
  })

  it('reads roles from --role, all three by default', () => {
    expect([...parseRoles([])]).toEqual(['http', 'smtp', 'worker'])
    expect([...parseRoles(['--role=http,worker'])]).toEqual(['http', 'worker'])
    expect(() => parseRoles(['--role=http,cron'])).toThrow(ConfigError)
  })
})
