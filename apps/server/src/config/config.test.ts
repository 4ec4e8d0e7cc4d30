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

  it('keeps raw mail unless RAW_MAIL_RETENTION_DAYS says how many days', () => {
    expect(loadConfig({}).rawMailRetentionDays).toBeUndefined()
    expect(loadConfig({ RAW_MAIL_RETENTION_DAYS: '30' }).rawMailRetentionDays).toBe(30)
    for (const bad of ['0', '-1', '1.5', 'forever']) {
      expect(problemsOf({ RAW_MAIL_RETENTION_DAYS: bad })[0], bad).toMatch(/^RAW_MAIL_RETENTION_DAYS: /)
    }
  })

  it('keeps files under DATA_DIR/files unless STORAGE_URL names a bucket', () => {
    expect(loadConfig({ DATA_DIR: '/srv/parsedesk' }).storage).toEqual({
      kind: 'local',
      dir: '/srv/parsedesk/files',
    })
    expect(
      loadConfig({
        STORAGE_URL: 's3://parsedesk-files?endpoint=http://minio.lan:9000&region=eu-west-1',
        AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        AWS_SECRET_ACCESS_KEY: 'hunter2',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'parsedesk-files',
      endpoint: 'http://minio.lan:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'hunter2', sessionToken: undefined },
    })
    // AWS itself: its region from AWS_REGION, a host name per bucket, credentials from the SDK's own chain.
    expect(loadConfig({ STORAGE_URL: 's3://parsedesk-files', AWS_REGION: 'us-west-2' }).storage).toEqual({
      kind: 's3',
      bucket: 'parsedesk-files',
      endpoint: undefined,
      region: 'us-west-2',
      forcePathStyle: false,
      credentials: undefined,
    })
  })

  it('refuses a STORAGE_URL it cannot use in one line, never showing a key put in it', () => {
    for (const bad of [
      'https://parsedesk-files',
      's3://parsedesk-files/attachments',
      's3://parsedesk-files?endpoint=ftp://minio.lan',
      's3://parsedesk-files?bucket=other',
      's3://parsedesk-files?forcePathStyle=yes',
      's3://x',
    ]) {
      expect(problemsOf({ STORAGE_URL: bad }), bad).toHaveLength(1)
    }
    const [problem] = problemsOf({ STORAGE_URL: 's3://AKIAEXAMPLE:hunter2@parsedesk-files' })
    expect(problem).toMatch(
      /^STORAGE_URL: no credentials in the URL: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/,
    )
    expect(problem).not.toContain('hunter2')
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

  it('hands the LLM the language the team reads, and refuses one that is not a language code', () => {
    const llm = { LLM_BASE_URL: 'http://127.0.0.1:8080/v1', LLM_MODEL: 'm' }
    expect(loadConfig({ ...llm, LLM_ANSWER_LANGUAGE: 'de' }).llm?.answerLanguage).toBe('de')
    expect(problemsOf({ ...llm, LLM_ANSWER_LANGUAGE: 'Deutsch' })).toEqual([
      expect.stringContaining('LLM_ANSWER_LANGUAGE: a language code such as de, fr or pt-BR'),
    ])
  })

  it('sends no mail by default, from the inbound domain once a relay is set', () => {
    expect(loadConfig({}).outbox).toEqual({
      relayUrl: undefined,
      from: 'Parsedesk <no-reply@inbound.localhost>',
      dkim: undefined,
    })
    const config = loadConfig({
      INBOUND_DOMAIN: 'mail.example.com',
      SMTP_RELAY_URL: 'smtps://parsedesk:s3cret@smtp.example.com',
      DKIM_DOMAIN: 'example.com',
      DKIM_SELECTOR: 'pd2026',
      DKIM_PRIVATE_KEY_PATH: '/etc/parsedesk/dkim.pem',
    })
    expect(config.outbox).toEqual({
      relayUrl: 'smtps://parsedesk:s3cret@smtp.example.com',
      from: 'Parsedesk <no-reply@mail.example.com>',
      dkim: { domain: 'example.com', selector: 'pd2026', privateKeyPath: '/etc/parsedesk/dkim.pem' },
    })
    expect(loadConfig({ MAIL_FROM: 'Acme Support <help@acme.example>' }).outbox.from).toBe(
      'Acme Support <help@acme.example>',
    )
  })

  it('refuses a bad relay, sender or DKIM setting in one line each, never showing the relay password', () => {
    const problems = problemsOf({
      SMTP_RELAY_URL: 'https://parsedesk:hunter2@smtp.example.com',
      MAIL_FROM: 'Parsedesk <no-reply>',
      DKIM_SELECTOR: 'pd2026',
    })
    expect(problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'DKIM_DOMAIN',
      'DKIM_PRIVATE_KEY_PATH',
      'MAIL_FROM',
      'SMTP_RELAY_URL',
    ])
    expect(problems.join('\n')).not.toContain('hunter2')
    expect(problems.find((p) => p.startsWith('SMTP_RELAY_URL:'))).toContain('(got a hidden value)')
    expect(problems.find((p) => p.startsWith('DKIM_DOMAIN:'))).toContain('DKIM_SELECTOR')
    expect(problemsOf({ SMTP_RELAY_URL: 'smtp://relay.example.com:587/path' })).toHaveLength(1)
    expect(problemsOf({ SMTP_RELAY_URL: 'smtp://relay.example.com:587' })).toEqual([])
  })

  it('reads roles from --role, all three by default', () => {
    expect([...parseRoles([])]).toEqual(['http', 'smtp', 'worker'])
    expect([...parseRoles(['--role=http,worker'])]).toEqual(['http', 'worker'])
    expect(() => parseRoles(['--role=http,cron'])).toThrow(ConfigError)
  })
})
