import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError } from '../config/config'
import { openSmtpRelay } from './smtp-relay'

const RELAY = { relayUrl: 'smtp://relay.example.com:587', from: 'Parsedesk <no-reply@example.com>' }

function problemsOf(open: () => unknown): string[] {
  try {
    open()
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  return []
}

describe('opening the relay', () => {
  it('opens none without SMTP_RELAY_URL', () => {
    expect(openSmtpRelay({ relayUrl: undefined, from: RELAY.from, dkim: undefined })).toBeUndefined()
  })

  it('stops the start with one line when the DKIM key cannot sign', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-dkim-'))
    try {
      const notAKey = path.join(dir, 'dkim.pem')
      fs.writeFileSync(notAKey, 'not a key')
      for (const privateKeyPath of [notAKey, path.join(dir, 'missing.pem')]) {
        const problems = problemsOf(() =>
          openSmtpRelay({ ...RELAY, dkim: { domain: 'example.com', selector: 'pd', privateKeyPath } }),
        )
        expect(problems).toHaveLength(1)
        expect(problems[0]).toMatch(
          new RegExp(`^DKIM_PRIVATE_KEY_PATH: no private key could be read from ${privateKeyPath}`),
        )
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
