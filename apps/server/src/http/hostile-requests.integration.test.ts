import { AccountMessages, CollectionId, DATABASE_ID, ErrorType } from '@parsedesk/contracts'
import { Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessionOf } from '../mail/mail.test-kit'
import { signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import { startTestServer, type TTestServer } from '../testing/test-server'

/**
 * Requests written to hurt the workspace, account-link and outbox endpoints: NUL bytes, bodies over the
 * limit, JSON nested thousands deep, other people's ids, values of the wrong type. Each must get a 4xx in
 * Appwrite's shape, leave nothing stored, and leave the server answering.
 */

type TAnswer = { status: number; body: unknown }

const TEN_MB = 10 * 1024 * 1024
const OUTBOX_DOCUMENTS = `/v1/databases/${DATABASE_ID}/collections/${CollectionId.outbox}/documents`

/** `{"<field>": {"a": {"a": ... 1}}}`, `depth` levels deep, as text: no JSON writer would make it. */
function nestedBody(field: string, depth: number): string {
  return `{"${field}":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`
}

/** The rows the refused requests must not have added to. */
const STORED_TABLES = ['teams', 'memberships', 'account_tokens', 'outbox', 'users', 'sessions'] as const

describe.each(DATABASE_KINDS)('hostile requests to teams, account links and the outbox on %s', (database) => {
  let server: TTestServer
  let alice: TSdkUser
  let bob: TSdkUser
  /** A workspace of Alice's, with an open invitation; and one of Bob's she is no member of. */
  let ids: { aliceTeam: string; invitation: string; bobTeam: string; bobMembership: string }
  let clients = 0

  beforeAll(async () => {
    // Behind a proxy, so each request can come from an address of its own: the per-address limits
    // must not be what refuses them.
    server = await startTestServer({ database, roles: ['http'], env: { TRUST_PROXY: 'true' } })
    alice = await signUpUser(server.url, 'Alice Owner')
    bob = await signUpUser(server.url, 'Bob Stranger')
    const aliceTeams = new Teams(alice.client)
    const bobTeams = new Teams(bob.client)
    const aliceTeam = await aliceTeams.create({ teamId: 'unique()', name: 'Alice desk' })
    const invitation = await aliceTeams.createMembership({
      teamId: aliceTeam.$id,
      roles: ['agent'],
      email: 'invited@example.com',
      url: `${server.url}/invite`,
    })
    const bobTeam = await bobTeams.create({ teamId: 'unique()', name: 'Bob desk' })
    const bobMembership = (await bobTeams.listMemberships({ teamId: bobTeam.$id })).memberships[0]
    ids = {
      aliceTeam: aliceTeam.$id,
      invitation: invitation.$id,
      bobTeam: bobTeam.$id,
      bobMembership: bobMembership?.$id ?? '',
    }
  })
  afterAll(() => server?.stop())

  async function send(
    method: string,
    path: string,
    options: { body?: unknown; as?: TSdkUser; contentType?: string } = {},
  ): Promise<TAnswer> {
    clients += 1
    const headers: Record<string, string> = {
      'x-appwrite-project': 'parsedesk',
      'x-forwarded-for': `10.77.${(clients >> 8) % 256}.${clients % 256}`,
    }
    if (options.as) headers['x-appwrite-session'] = sessionOf(options.as)
    let body: string | undefined
    if (options.body !== undefined) {
      headers['content-type'] = options.contentType ?? 'application/json'
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
    }
    const response = await fetch(`${server.url}${path}`, { method, headers, body })
    const text = await response.text()
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = text
    }
    return { status: response.status, body: parsed }
  }

  /** A refusal in Appwrite's shape: `{message, code, type, version}`, the code being the status. */
  function expectRefused(answer: TAnswer, status: number, type?: string) {
    expect(answer.body).toMatchObject({
      code: status,
      type: type ?? expect.any(String),
      message: expect.any(String),
      version: expect.any(String),
    })
    expect(answer.status).toBe(status)
  }

  async function countRows(): Promise<Record<string, number>> {
    const counts: Record<string, number> = {}
    for (const table of STORED_TABLES) {
      const { rows } = await server.db.query<{ n: number }>(`select count(*)::int as n from ${table}`)
      counts[table] = rows[0]?.n ?? 0
    }
    return counts
  }

  /** Runs `attack`, then checks that the server still answers and that nothing was stored. */
  async function storesNothing(attack: () => Promise<void>) {
    const before = await countRows()
    await attack()
    expect(await countRows()).toEqual(before)
    expect((await send('GET', '/v1/teams', { as: alice })).status).toBe(200)
  }

  /**
   * Every route under test, with the session it needs, the field a body is read for, and the answer to a
   * body it cannot take: 400, but 401 from the outbox, which nobody may write to whatever they send.
   */
  const routes = (): { method: string; path: string; as?: TSdkUser; field: string; refusal?: number }[] => [
    { method: 'POST', path: '/v1/teams', as: alice, field: 'name' },
    { method: 'PUT', path: `/v1/teams/${ids.aliceTeam}`, as: alice, field: 'name' },
    { method: 'PUT', path: `/v1/teams/${ids.aliceTeam}/prefs`, as: alice, field: 'prefs' },
    { method: 'POST', path: `/v1/teams/${ids.aliceTeam}/memberships`, as: alice, field: 'email' },
    {
      method: 'PATCH',
      path: `/v1/teams/${ids.aliceTeam}/memberships/${ids.invitation}`,
      as: alice,
      field: 'roles',
    },
    {
      method: 'PATCH',
      path: `/v1/teams/${ids.aliceTeam}/memberships/${ids.invitation}/status`,
      as: bob,
      field: 'secret',
    },
    { method: 'POST', path: '/v1/account/recovery', as: undefined, field: 'email' },
    { method: 'PUT', path: '/v1/account/recovery', as: undefined, field: 'secret' },
    { method: 'POST', path: '/v1/account/verification', as: alice, field: 'url' },
    { method: 'POST', path: '/v1/account/verifications/email', as: alice, field: 'url' },
    { method: 'PUT', path: '/v1/account/verification', as: undefined, field: 'secret' },
    { method: 'PUT', path: '/v1/account/verifications/email', as: undefined, field: 'secret' },
    { method: 'PATCH', path: '/v1/account/email', as: alice, field: 'email' },
    { method: 'POST', path: OUTBOX_DOCUMENTS, as: alice, field: 'data', refusal: 401 },
  ]

  it('refuses a body over 10 MB with 413 on every route', async () => {
    await storesNothing(async () => {
      const huge = `{"name":"${'x'.repeat(TEN_MB)}"}`
      for (const route of routes()) {
        const answer = await send(route.method, route.path, { as: route.as, body: huge })
        expect({ route: route.path, status: answer.status }).toEqual({ route: route.path, status: 413 })
        expectRefused(answer, 413)
      }
    })
  })

  it('refuses JSON nested thousands of levels deep with 400 on every route', async () => {
    await storesNothing(async () => {
      for (const route of routes()) {
        const answer = await send(route.method, route.path, {
          as: route.as,
          body: nestedBody(route.field, 100_000),
        })
        const refusal = route.refusal ?? 400
        expect({ route: route.path, status: answer.status }).toEqual({ route: route.path, status: refusal })
        expectRefused(answer, refusal)
      }
    })
  })

  it('refuses what fits in a body but not in its field', async () => {
    await storesNothing(async () => {
      const name = await send('POST', '/v1/teams', {
        as: alice,
        body: { teamId: 'unique()', name: 'x'.repeat(9 * 1024 * 1024) },
      })
      expectRefused(name, 400, ErrorType.generalArgumentInvalid)
      const prefs = await send('PUT', `/v1/teams/${ids.aliceTeam}/prefs`, {
        as: alice,
        body: { prefs: { notes: 'x'.repeat(100_000) } },
      })
      expectRefused(prefs, 400, ErrorType.generalArgumentInvalid)
      expect((prefs.body as { message: string }).message).toBe(
        'Invalid `prefs` param: is more than 65,536 bytes as JSON',
      )
      const oneLevelTooDeep = await send('PUT', `/v1/teams/${ids.aliceTeam}/prefs`, {
        as: alice,
        body: nestedBody('prefs', 65),
      })
      expect((oneLevelTooDeep.body as { message: string }).message).toBe(
        'Invalid `prefs` param: is nested more than 64 levels deep',
      )
      const email = await send('POST', `/v1/teams/${ids.aliceTeam}/memberships`, {
        as: alice,
        body: { roles: ['agent'], email: `${'a'.repeat(100_000)}@example.com`, url: `${server.url}/invite` },
      })
      expectRefused(email, 400, ErrorType.generalArgumentInvalid)
      const secret = await send('PUT', '/v1/account/recovery', {
        body: { userId: alice.userId, secret: 'f'.repeat(10_000), password: 'a new long password' },
      })
      expectRefused(secret, 400, ErrorType.generalArgumentInvalid)
    })
    expect(await new Teams(alice.client).getPrefs({ teamId: ids.aliceTeam })).toEqual({})
  })

  it('refuses values of the wrong type, a body that is not an object, and one that is not JSON', async () => {
    await storesNothing(async () => {
      for (const route of routes()) {
        // `prefs` is the one field that takes an object.
        const wrongValues = [12, true, ['an', 'array'], route.field === 'prefs' ? 'text' : { an: 'object' }]
        const notJson = [
          '{"unfinished":',
          // Sent as the byte itself: a raw NUL inside a JSON string is not JSON (it must be escaped).
          `{"${route.field}":"a\u0000b"}`,
        ]
        const wrongShapes = [...wrongValues.map((value) => ({ [route.field]: value })), [], 'null', '"text"']
        for (const [body, refusal] of [
          ...notJson.map((body) => [body, 400] as const),
          ...wrongShapes.map((body) => [body, route.refusal ?? 400] as const),
        ]) {
          const answer = await send(route.method, route.path, { as: route.as, body })
          const shown = JSON.stringify(body)
          expect({ route: route.path, body: shown, status: answer.status }).toEqual({
            route: route.path,
            body: shown,
            status: refusal,
          })
          expectRefused(answer, refusal)
        }
      }
      const text = await send('POST', '/v1/teams', { as: alice, body: 'name=x', contentType: 'text/plain' })
      expectRefused(text, 400, ErrorType.generalArgumentInvalid)
      const xml = await send('POST', '/v1/teams', {
        as: alice,
        body: '<name/>',
        contentType: 'application/xml',
      })
      expectRefused(xml, 415)
    })
  })

  it('refuses a NUL in an id, an address or a secret', async () => {
    await storesNothing(async () => {
      const teams = await send('POST', '/v1/teams', { as: alice, body: { teamId: 'a\u0000b', name: 'x' } })
      expectRefused(teams, 400, ErrorType.generalArgumentInvalid)
      const invite = await send('POST', `/v1/teams/${ids.aliceTeam}/memberships`, {
        as: alice,
        body: { roles: ['agent'], email: 'nul\u0000@example.com', url: `${server.url}/invite` },
      })
      expectRefused(invite, 400, ErrorType.generalArgumentInvalid)
      const emailChange = await send('PATCH', '/v1/account/email', {
        as: alice,
        body: { email: 'nul\u0000@example.com', password: alice.password },
      })
      expectRefused(emailChange, 400, ErrorType.generalArgumentInvalid)
      for (const notice of ['flooding-senders', 'intake-backlog']) {
        const answer = await send('GET', `/v1/teams/${ids.aliceTeam}%00/${notice}`, { as: alice })
        expectRefused(answer, 404, ErrorType.teamNotFound)
      }
      const recovery = await send('POST', '/v1/account/recovery', {
        body: { email: alice.email.replace('@', '\u0000@'), url: `${server.url}/recovery` },
      })
      expectRefused(recovery, 400, ErrorType.generalArgumentInvalid)
      const reset = await send('PUT', '/v1/account/recovery', {
        body: { userId: alice.userId, secret: `${'0'.repeat(63)}\u0000`, password: 'a new long password' },
      })
      expectRefused(reset, 401, ErrorType.userInvalidToken)
      const verify = await send('PUT', '/v1/account/verifications/email', {
        body: { userId: `${alice.userId}\u0000`, secret: 'f'.repeat(64) },
      })
      expectRefused(verify, 401, ErrorType.userInvalidToken)
      // Her own workspace's id and membership's, with a NUL: not hers, nor anyone's.
      const path = await send('GET', `/v1/teams/${ids.aliceTeam}%00`, { as: alice })
      expectRefused(path, 404, ErrorType.teamNotFound)
      const membership = await send('GET', `/v1/teams/${ids.aliceTeam}/memberships/${ids.invitation}%00`, {
        as: alice,
      })
      expectRefused(membership, 404, ErrorType.membershipNotFound)
      const document = await send('GET', `${OUTBOX_DOCUMENTS}/a%00b`, { as: alice })
      expectRefused(document, 404, ErrorType.documentNotFound)
    })
  })

  it('answers another workspace’s ids as if they did not exist, and changes nothing of it', async () => {
    await storesNothing(async () => {
      const foreign = [
        ['GET', `/v1/teams/${ids.bobTeam}`, undefined],
        ['PUT', `/v1/teams/${ids.bobTeam}`, { name: 'taken over' }],
        ['DELETE', `/v1/teams/${ids.bobTeam}`, undefined],
        ['GET', `/v1/teams/${ids.bobTeam}/prefs`, undefined],
        ['PUT', `/v1/teams/${ids.bobTeam}/prefs`, { prefs: { taken: true } }],
        ['GET', `/v1/teams/${ids.bobTeam}/memberships`, undefined],
        [
          'POST',
          `/v1/teams/${ids.bobTeam}/memberships`,
          { roles: ['owner'], email: alice.email, url: `${server.url}/invite` },
        ],
        ['GET', `/v1/teams/${ids.bobTeam}/memberships/${ids.bobMembership}`, undefined],
        ['PATCH', `/v1/teams/${ids.bobTeam}/memberships/${ids.bobMembership}`, { roles: ['agent'] }],
        ['DELETE', `/v1/teams/${ids.bobTeam}/memberships/${ids.bobMembership}`, undefined],
        ['GET', `/v1/teams/${ids.bobTeam}/flooding-senders`, undefined],
        ['GET', `/v1/teams/${ids.bobTeam}/intake-backlog`, undefined],
      ] as const
      for (const [method, path, body] of foreign) {
        const answer = await send(method, path, { as: alice, body })
        expect({ method, path, status: answer.status }).toEqual({ method, path, status: 404 })
        expectRefused(answer, 404, ErrorType.teamNotFound)
      }
      // Bob's membership named under Alice's own workspace is not hers to see or change either.
      for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
        const answer = await send(method, `/v1/teams/${ids.aliceTeam}/memberships/${ids.bobMembership}`, {
          as: alice,
          body: method === 'PATCH' ? { roles: ['agent'] } : undefined,
        })
        expectRefused(answer, 404, ErrorType.membershipNotFound)
      }
      const accept = await send('PATCH', `/v1/teams/${ids.bobTeam}/memberships/${ids.bobMembership}/status`, {
        as: alice,
        body: { userId: alice.userId, secret: 'f'.repeat(64) },
      })
      expectRefused(accept, 401, ErrorType.teamInvalidSecret)
      const longId = await send('GET', `/v1/teams/${'x'.repeat(10_000)}`, { as: alice })
      expectRefused(longId, 414, ErrorType.generalArgumentInvalid)
      const badEscape = await send('GET', '/v1/teams/%E0%A4%A', { as: alice })
      expectRefused(badEscape, 400, ErrorType.generalArgumentInvalid)
    })
    const bobTeams = new Teams(bob.client)
    expect((await bobTeams.get({ teamId: ids.bobTeam })).name).toBe('Bob desk')
    expect((await bobTeams.getPrefs({ teamId: ids.bobTeam })) as object).toEqual({})
    expect((await bobTeams.listMemberships({ teamId: ids.bobTeam })).memberships).toHaveLength(1)
  })

  it('refuses account links to another site or for another person', async () => {
    await storesNothing(async () => {
      for (const url of [
        'https://evil.example/recovery',
        'javascript:alert(1)',
        `${server.url}@evil.example/`,
      ]) {
        const recovery = await send('POST', '/v1/account/recovery', { body: { email: alice.email, url } })
        expectRefused(recovery, 400, ErrorType.generalArgumentInvalid)
        const verification = await send('POST', '/v1/account/verifications/email', {
          as: alice,
          body: { url },
        })
        expectRefused(verification, 400, ErrorType.generalArgumentInvalid)
      }
      const reset = await send('PUT', '/v1/account/recovery', {
        body: { userId: bob.userId, secret: 'f'.repeat(64), password: 'a new long password' },
      })
      expectRefused(reset, 401, ErrorType.userInvalidToken)
      expect((reset.body as { message: string }).message).toBe(AccountMessages.linkInvalid)
      const unknown = await send('PUT', '/v1/account/recovery', {
        body: { userId: 'nobody', secret: 'f'.repeat(64), password: 'a new long password' },
      })
      expectRefused(unknown, 401, ErrorType.userInvalidToken)
    })
  })

  it('keeps the outbox read-only and hostile queries on it a 400', async () => {
    await storesNothing(async () => {
      const created = await send('POST', OUTBOX_DOCUMENTS, {
        as: alice,
        body: { documentId: 'unique()', data: { subject: 'forged', to: ['a@example.com'] } },
      })
      expectRefused(created, 401)
      const guest = await send('GET', OUTBOX_DOCUMENTS)
      expectRefused(guest, 401)
      for (const query of [
        'not json',
        JSON.stringify({ method: 'equal', attribute: 'attempts', values: ['many'] }),
        JSON.stringify({ method: 'equal', attribute: 'secret_hash', values: ['x'] }),
        JSON.stringify({ method: 'limit', values: [1e308] }),
        JSON.stringify({ method: 'greaterThan', attribute: 'sentAt', values: ['99999-01-01'] }),
        JSON.stringify({ method: 'contains', attribute: 'attempts', values: [1] }),
      ]) {
        const answer = await send('GET', `${OUTBOX_DOCUMENTS}?queries[]=${encodeURIComponent(query)}`, {
          as: alice,
        })
        expect({ query: query.slice(0, 80), status: answer.status }).toEqual({
          query: query.slice(0, 80),
          status: 400,
        })
        expectRefused(answer, 400, ErrorType.generalQueryInvalid)
      }
      // Alice's invitation is in her outbox; Bob reads it as if it did not exist.
      const mine = (await send('GET', OUTBOX_DOCUMENTS, { as: alice })).body as {
        documents: { $id: string }[]
      }
      const mailId = mine.documents[0]?.$id ?? ''
      expect(mailId).not.toBe('')
      expectRefused(await send('GET', `${OUTBOX_DOCUMENTS}/${mailId}`, { as: bob }), 404)
      expectRefused(
        await send('PATCH', `${OUTBOX_DOCUMENTS}/${mailId}`, {
          as: alice,
          body: { data: { state: 'sent' } },
        }),
        401,
      )
    })
  })

  it('removes a NUL from a workspace’s name, as from every text it stores', async () => {
    const answer = await send('POST', '/v1/teams', {
      as: alice,
      body: { teamId: 'unique()', name: 'Null\u0000 desk' },
    })
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({ name: 'Null desk' })
  })
})
