import { Account } from 'appwrite'
import { sdkClient, type TSdkUser } from './sdk-client'
import { testServerAt } from './test-server'

/**
 * Verifies `user`'s email address as its person does: asks for the link through the SDK and opens it from
 * another browser. The link is read from the server's outbox (nobody may read it through the API), so the
 * server must run in this process.
 */
export async function verifyEmail(serverUrl: string, user: TSdkUser): Promise<void> {
  await user.account.createEmailVerification({ url: `${serverUrl}/verify` })
  const { rows } = await testServerAt(serverUrl).db.query<{ text: string }>(
    `select "text" from outbox where "kind" = 'verification' and "to" ? $1 order by seq desc limit 1`,
    [user.email],
  )
  const link = new URL(rows[0]?.text.match(/https?:\/\/\S+/)?.[0] ?? 'http://missing.example')
  await new Account(sdkClient(serverUrl)).updateEmailVerification({
    userId: link.searchParams.get('userId') ?? '',
    secret: link.searchParams.get('secret') ?? '',
  })
}
