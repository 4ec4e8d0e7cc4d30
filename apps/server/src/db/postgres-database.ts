import pg from 'pg'
import type { TDatabase, TQueryable } from './database'
import { toStorableParam } from './storable-text'

// bigint counts and ids come back as strings unless told otherwise; ours fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v))

export async function openPostgresDatabase(
  connectionString: string,
  options: { max?: number } = {},
): Promise<TDatabase & { pool: pg.Pool }> {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 })
  pool.on('error', () => {
    // An idle client dropped by the server; the pool replaces it on the next checkout.
  })
  // A commit we acknowledge (SMTP 250, a webhook's 2xx, a 201) must be flushed to disk before it returns,
  // whatever the database's or role's default: `synchronous_commit = off` there would lose it in an OS
  // crash. Queued first on each new client, so it runs before any of ours.
  pool.on('connect', (client) => {
    // Only a dead connection fails this; the query that follows on it reports that.
    client.query('set synchronous_commit = on').catch(() => undefined)
  })
  await pool.query('select 1')
  const wrap = (q: pg.Pool | pg.PoolClient): TQueryable => ({
    async query(sql, params) {
      const result = await q.query(sql, params?.map(toStorableParam))
      return { rows: result.rows, rowCount: result.rowCount ?? result.rows.length }
    },
  })
  return {
    kind: 'postgres',
    pool,
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect()
      try {
        await client.query('begin')
        const value = await fn({ ...wrap(client), inTransaction: true })
        await client.query('commit')
        return value
      } catch (error) {
        await client.query('rollback').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    exec: async (sql) => {
      await pool.query(sql)
    },
    close: () => pool.end(),
  }
}
