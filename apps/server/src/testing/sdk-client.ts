import { Account, AppwriteException, Client, Databases, ID } from 'appwrite'
import { WebSocket } from 'ws'

/**
 * The Web SDK's realtime reads `window` and `WebSocket` as globals; Node 20 has neither. Call this only
 * after every in-process server has started: PGlite takes a global `window` for a browser and fails.
 */
export function enableSdkRealtimeInNode(): void {
  const globals = globalThis as Record<string, unknown>
  globals.window ??= globalThis
  globals.WebSocket ??= WebSocket
}

export type TSdkUser = {
  client: Client
  account: Account
  databases: Databases
  email: string
  password: string
  userId: string
}

export function sdkClient(serverUrl: string, projectId = 'parsedesk'): Client {
  return new Client().setEndpoint(`${serverUrl}/v1`).setProject(projectId)
}

let counter = 0

/** Signs up a fresh user through the SDK and signs it in; the client then carries that session. */
export async function signUpUser(
  serverUrl: string,
  name = 'Test User',
  email = `user${Date.now()}${++counter}@example.com`,
): Promise<TSdkUser> {
  const password = 'correct horse battery'
  const client = sdkClient(serverUrl)
  const account = new Account(client)
  const created = await account.create({ userId: ID.unique(), email, password, name })
  const session = await account.createEmailPasswordSession({ email, password })
  client.setSession(session.secret)
  return { client, account, databases: new Databases(client), email, password, userId: created.$id }
}

/** The AppwriteException a call fails with; fails the test if the call succeeds. */
export async function rejection(promise: Promise<unknown>): Promise<AppwriteException> {
  try {
    await promise
  } catch (error) {
    if (error instanceof AppwriteException) return error
    throw error
  }
  throw new Error('expected the call to fail')
}
