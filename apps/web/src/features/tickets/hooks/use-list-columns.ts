import { useCallback, useState } from 'react'
import { readColumns, type TListColumnKey, toggleColumn } from '../list-columns'

const storageKey = (userId: string | undefined) => `parsedesk.list-columns.${userId ?? 'anyone'}`

function readStored(userId: string | undefined): TListColumnKey[] {
  try {
    const stored = window.localStorage.getItem(storageKey(userId))
    return readColumns(stored === null ? undefined : JSON.parse(stored))
  } catch {
    return readColumns(undefined)
  }
}

/** The columns a member chose for the list, remembered for them in this browser (decision 044). */
export function useListColumns(userId: string | undefined) {
  const [chosen, setChosen] = useState(() => ({ userId, columns: readStored(userId) }))
  // The member is known after the session check: their own choice replaces the one read before it.
  const current = chosen.userId === userId ? chosen : { userId, columns: readStored(userId) }
  if (current !== chosen) setChosen(current)

  const toggle = useCallback(
    (key: TListColumnKey) =>
      setChosen((previous) => {
        const columns = toggleColumn(previous.columns, key)
        window.localStorage.setItem(storageKey(previous.userId), JSON.stringify(columns))
        return { ...previous, columns }
      }),
    [],
  )
  return { columns: current.columns, toggle }
}
