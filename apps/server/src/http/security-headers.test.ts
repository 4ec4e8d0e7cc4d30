import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { registerSecurityHeaders } from './security-headers'

async function answerOf(publicUrl: string) {
  const app = Fastify()
  registerSecurityHeaders(app, { publicUrl })
  app.get('/', async (_request, reply) => reply.type('text/html').send('<!doctype html>'))
  const response = await app.inject({ method: 'GET', url: '/' })
  await app.close()
  return response
}

describe('security headers', () => {
  it('tells browsers to come back only over https when the public address is https', async () => {
    const secure = await answerOf('https://help.example.com')
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000')
    // Over plain http the header would be ignored, and a self-hoster trying it out locally must not be pinned.
    const plain = await answerOf('http://localhost:3000')
    expect(plain.headers['strict-transport-security']).toBeUndefined()
  })
})
