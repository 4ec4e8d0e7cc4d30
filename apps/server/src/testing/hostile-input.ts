import { DATABASE_ID } from '@parsedesk/contracts'
import { ID, Teams } from 'appwrite'
import { expect } from 'vitest'
import type { TDatabase } from '../db/database'
import { joinByInvitation } from '../teams/team.test-kit'
import { signUpUser, type TSdkUser } from './sdk-client'
import { startTestServer, type TTestServer } from './test-server'

/**
 * What the hostile-input suites send to a route (issues 25-27): a NUL byte, a value as large as a body may
 * be, JSON nested far past any limit, values of the wrong type, fields no schema has. Each must come back
 * as a 4xx in Appwrite's shape naming what was wrong, never a 500 or a dropped connection.
 */

/** A value just under the 10 MB body limit: the body is read, and the schema, not the parser, refuses it. */
export const NEARLY_TEN_MB = 'x'.repeat(10 * 1024 * 1024 - 64 * 1024)
export const NUL = '\u0000'
export const DEEP_LEVELS = 10_000

/** Stands for the deep value in a body; `send` writes the nesting as text, as JSON.stringify cannot. */
export const DEEP = '\u0001deep\u0001'
const DEEP_JSON = JSON.stringify(DEEP)
const deepText = (nest: (inner: string) => string) => {
  let text = '1'
  for (let level = 0; level < DEEP_LEVELS; level += 1) text = nest(text)
  return text
}
/** The deep value as objects (`{"a":{"a":...}}`), or as whatever shape a recursive schema nests. */
export function deepJson(nest: (inner: string) => string = (inner) => `{"a":${inner}}`): string {
  return deepText(nest)
}
const DEFAULT_DEEP = deepJson()

export type TAnswer = { status: number; body: { message?: string; type?: string; code?: number } & unknown }

/**
 * One request as a client makes it: JSON with the session of `as` (none: a guest). `DEEP` anywhere in the
 * body becomes `deep` (default: objects `DEEP_LEVELS` levels deep).
 */
export async function send(
  url: string,
  method: string,
  path: string,
  options: { as?: TSdkUser; body?: unknown; query?: Record<string, string>; deep?: string } = {},
): Promise<TAnswer> {
  const headers: Record<string, string> = { 'x-appwrite-project': 'parsedesk' }
  if (options.as) headers['x-appwrite-session'] = sessionOf(options.as)
  let body: string | undefined
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(options.body).replaceAll(DEEP_JSON, options.deep ?? DEFAULT_DEEP)
  }
  const address = new URL(`${url}${path}`)
  for (const [key, value] of Object.entries(options.query ?? {})) address.searchParams.set(key, value)
  const response = await fetch(address, { method, headers, body })
  const text = await response.text()
  let parsed: TAnswer['body']
  try {
    parsed = JSON.parse(text)
  } catch {
    parsed = { message: text }
  }
  return { status: response.status, body: parsed }
}

function sessionOf(user: TSdkUser): string {
  return (user.client as unknown as { config: { session: string } }).config.session
}

/** The workspace every account gets at sign-up. */
export async function homeWorkspace(user: TSdkUser): Promise<string> {
  return (await new Teams(user.client).list()).teams[0]?.$id ?? ''
}

/** Who every hostile-input suite needs: Ada owns the workspace, Grace is its agent, Eve owns another. */
export type THostileCast = {
  server: TTestServer
  ada: TSdkUser
  grace: TSdkUser
  eve: TSdkUser
  workspace: string
  evesWorkspace: string
}

/** An http-only server (the routes are all a suite needs) with the cast signed up and Grace invited. */
export async function startHostileCast(database: 'pglite' | 'postgres'): Promise<THostileCast> {
  const server = await startTestServer({ database, roles: ['http'] })
  const [ada, grace, eve] = await Promise.all([
    signUpUser(server.url, 'Ada Lovelace'),
    signUpUser(server.url, 'Grace Hopper'),
    signUpUser(server.url, 'Eve Elsewhere'),
  ])
  const [workspace, evesWorkspace] = await Promise.all([homeWorkspace(ada), homeWorkspace(eve)])
  await joinByInvitation({
    serverUrl: server.url,
    owner: ada,
    member: grace,
    teamId: workspace,
    roles: ['agent'],
  })
  return { server, ada, grace, eve, workspace, evesWorkspace }
}

/** A document `user` creates through the documents API; its id. */
export async function createDocumentAs(user: TSdkUser, collectionId: string, data: object): Promise<string> {
  const document = await user.databases.createDocument({
    databaseId: DATABASE_ID,
    collectionId,
    documentId: ID.unique(),
    data,
  })
  return document.$id
}

/** The documents API's path of a collection, or of one document in it. */
export const documentsPath = (collectionId: string, documentId?: string) =>
  `/v1/databases/main/collections/${collectionId}/documents${documentId ? `/${documentId}` : ''}`

/**
 * The request's answer is a refusal a person can act on: a 4xx in Appwrite's shape (never 500), with
 * `status` when given, and words naming `names` (the field at fault, or the reason) when given.
 */
export function expectRefusal(what: string, answer: TAnswer, expected: { status?: number; names?: string }) {
  expect
    .soft(answer.status, `${what}: ${JSON.stringify(answer.body).slice(0, 300)}`)
    .toBeGreaterThanOrEqual(400)
  expect.soft(answer.status, `${what}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBeLessThan(500)
  if (expected.status) expect.soft(answer.status, `${what}: ${answer.body.message}`).toBe(expected.status)
  expect.soft(answer.body, what).toMatchObject({ code: answer.status, type: expect.any(String) })
  if (expected.names) expect.soft(answer.body.message ?? '', what).toContain(expected.names)
}

export type TAttempt = {
  what: string
  request: () => Promise<TAnswer>
  status?: number
  names?: string
}

/** Runs each attempt in turn (the server sees one at a time) and checks its refusal. */
export async function expectAllRefused(attempts: TAttempt[]): Promise<void> {
  for (const { what, request, ...expected } of attempts) {
    const answer = await request().catch((error: Error) => {
      throw new Error(`${what}: ${error.message}`)
    })
    expectRefusal(what, answer, expected)
  }
}

/** Rows in each table, to show a refused request stored nothing, not even half of itself. */
export async function rowCounts(db: TDatabase, tables: readonly string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const table of tables) {
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from "${table}"`)
    counts[table] = rows[0]?.n ?? 0
  }
  return counts
}
