import { describe, expect, it } from 'vitest'
import type { TQueryable } from '../db/database'
import type { TCollectionDefinition } from './collection'
import { insertDocuments } from './document-repository'

describe('inserting documents together', () => {
  it('refuses documents with other attributes than the first, before writing anything', async () => {
    const statements: string[] = []
    const db = {
      query: async (sql: string) => {
        statements.push(sql)
        return { rows: [] }
      },
    } as unknown as TQueryable
    const def = { table: 'notes', attributes: { title: {}, body: {} } } as unknown as TCollectionDefinition
    const documents = [
      { id: 'a', data: { title: 'one' }, permissions: [] },
      { id: 'b', data: { title: 'two', body: 'kept?' }, permissions: [] },
    ]
    await expect(insertDocuments(db, def, documents)).rejects.toThrow(/same attributes/)
    expect(statements).toEqual([])
  })
})
