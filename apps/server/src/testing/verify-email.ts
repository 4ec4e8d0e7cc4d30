import { Account } from 'appwrite'
import type { TQueryable } from '../db/database'
import { sdkClient, type TSdkUser } from './sdk-client'
import { testServerAt } from './test-server'

/**
 * Verifies `user`'s email address as its person does: asks for the link through the SDK and opens it from
 * another browser. The link is read from the server's outbox (nobody may read it through the API): from `db`, or
 * else from the database of the test server this process runs at `serverUrl`.
 */
export async function verifyEmail(
  serverUrl: string,
  user: TSdkUser,
  db: TQueryable = testServerAt(serverUrl).db,
): Promise<void> {
  await user.account.createEmailVerification({ url: `${serverUrl}/verify` })
  const { rows } = await db.query<{ text: string }>(
    `select "text" from outbox where "kind" = 'verification' and "to" ? $1 order by seq desc limit 1`,
    [user.email],
  )
  const link = new URL(rows[0]?.text.match(/https?:\/\/\S+/)?.[0] ?? 'http://missing.example')
  // Another browser on the API the user speaks to (`serverUrl` may be a PUBLIC_URL nothing listens on).
  const browser = sdkClient(user.client.config.endpoint.replace(/\/v1$/, ''), user.client.config.project)
  await new Account(browser).updateEmailVerification({
    userId: link.searchParams.get('userId') ?? '',
    secret: link.searchParams.get('secret') ?? '',
  })
}
