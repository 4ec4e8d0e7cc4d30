import { uniqueId } from '@parsedesk/contracts'
import { SIGN_UP_LIMIT } from '../../apps/server/src/accounts/account-service'
import type { THttpClient } from './http-client'

export type TMeasuredUser = { userId: string; email: string; secret: string }

async function postJson(client: THttpClient, path: string, projectId: string, json: unknown) {
  const response = await client.request({
    method: 'POST',
    path,
    headers: { 'x-appwrite-project': projectId },
    json,
  })
  if (response.status !== 201) throw new Error(`POST ${path} answered ${response.status}: ${response.body}`)
  return JSON.parse(response.body) as Record<string, unknown>
}

/**
 * Signs users up and in through the real API, as the SDK does outside a browser (no Origin header), so
 * the answer carries the session `secret` each measured request then sends as X-Appwrite-Session.
 */
export async function signUpMeasuredUsers(options: {
  client: THttpClient
  projectId: string
  count: number
}): Promise<TMeasuredUser[]> {
  // All sign-ups come from one address; past the server's per-address limit it would refuse them.
  if (options.count > SIGN_UP_LIMIT.limit) {
    throw new Error(
      `at most ${SIGN_UP_LIMIT.limit} sign-ups per address and hour (asked for ${options.count})`,
    )
  }
  const users: TMeasuredUser[] = []
  for (let i = 0; i < options.count; i++) {
    const email = `bench-measured-${i}@example.com`
    const password = `bench password ${i} ${uniqueId()}`
    const account = await postJson(options.client, '/v1/account', options.projectId, {
      userId: uniqueId(),
      email,
      password,
      name: `Measured User ${i}`,
    })
    const session = await postJson(options.client, '/v1/account/sessions/email', options.projectId, {
      email,
      password,
    })
    if (typeof session.secret !== 'string' || !session.secret)
      throw new Error('sign-in gave no session secret')
    users.push({ userId: String(account.$id), email, secret: session.secret })
  }
  return users
}
