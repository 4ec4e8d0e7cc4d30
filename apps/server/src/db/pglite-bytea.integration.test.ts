import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_KINDS, openTestDatabase } from '../testing/test-database'
import type { TDatabase, TQueryable } from './database'

const md5 = (bytes: Uint8Array) => crypto.createHash('md5').update(bytes).digest('hex')

// The sizes that matter: nothing, one byte, a large email, an email at the size limit.
const SIZES = [0, 1, 64 * 1024, 5 * 1024 * 1024]

describe.each(DATABASE_KINDS)('bytea values (%s)', (kind) => {
  let db: TDatabase
  let close: (() => Promise<void>) | undefined
  let ids = 0

  beforeAll(async () => {
    ;({ db, close } = await openTestDatabase(kind))
    await db.exec('create table bytea_test (id integer primary key, raw bytea)')
  })
  afterAll(async () => {
    await close?.()
  })

  /** Stores `raw`, checks what the server holds, and returns what a select gives back. */
  async function roundTrip(raw: Uint8Array | null, queryable: TQueryable = db): Promise<unknown> {
    const id = ++ids
    await queryable.query('insert into bytea_test (id, raw) values ($1, $2)', [id, raw])
    const { rows } = await queryable.query<{ raw: unknown; size: number | null; md5: string | null }>(
      'select raw, octet_length(raw) as size, md5(raw) as md5 from bytea_test where id = $1',
      [id],
    )
    const row = rows[0]
    expect(row?.size).toBe(raw === null ? null : raw.byteLength)
    expect(row?.md5).toBe(raw === null ? null : md5(raw))
    return row?.raw
  }

  it.each(SIZES)('gives back %i random bytes as a Buffer, byte for byte', async (size) => {
    const raw = crypto.randomBytes(size)
    const back = await roundTrip(raw)
    expect(back).toBeInstanceOf(Buffer)
    expect(Buffer.compare(back as Buffer, raw)).toBe(0)
  })

  it('stores only the bytes a view shows, not the rest of its ArrayBuffer', async () => {
    const whole = crypto.randomBytes(1000)
    const view = new Uint8Array(whole.buffer, whole.byteOffset + 100, 300)
    const pooled = Buffer.from('small buffers share a pool') // byteOffset into a larger ArrayBuffer
    expect(Buffer.compare((await roundTrip(view)) as Buffer, Buffer.from(view))).toBe(0)
    expect(Buffer.compare((await roundTrip(pooled)) as Buffer, pooled)).toBe(0)
  })

  it('keeps null apart from no bytes', async () => {
    expect(await roundTrip(null)).toBeNull()
    expect((await roundTrip(new Uint8Array(0))) as Buffer).toHaveLength(0)
  })

  it('does the same inside a transaction', async () => {
    const raw = crypto.randomBytes(64 * 1024)
    const back = await db.transaction((tx) => roundTrip(raw, tx))
    expect(Buffer.compare(back as Buffer, raw)).toBe(0)
  })

  it('sends and reads bytea[]', async () => {
    const values = [crypto.randomBytes(22 * 1024), Buffer.alloc(0), Buffer.from('\\"{},\x00\xff', 'latin1')]
    const { rows } = await db.query<{ sizes: number[]; md5s: string[]; raws: unknown[] }>(
      `select array_agg(octet_length(raw) order by n) as sizes, array_agg(md5(raw) order by n) as md5s,
         array_agg(raw order by n) as raws
       from unnest($1::bytea[]) with ordinality as element(raw, n)`,
      [values],
    )
    expect(rows[0]?.sizes).toEqual(values.map((value) => value.byteLength))
    expect(rows[0]?.md5s).toEqual(values.map(md5))
    const raws = rows[0]?.raws as Buffer[]
    expect(raws.map((raw, index) => Buffer.compare(raw, values[index] as Buffer))).toEqual([0, 0, 0])
  })
})
