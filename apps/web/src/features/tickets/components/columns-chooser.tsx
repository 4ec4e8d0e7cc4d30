import { FIXED_COLUMNS, LIST_COLUMNS, type TListColumnKey } from '../list-columns'

/** Which columns the list shows, one checkbox each; ID and Subject always. */
export function ColumnsChooser({
  columns,
  onToggle,
}: {
  columns: readonly TListColumnKey[]
  onToggle: (key: TListColumnKey) => void
}) {
  return (
    <fieldset className="flex flex-wrap gap-x-4 gap-y-2 rounded-md border p-3 text-sm">
      <legend className="px-1 text-xs font-medium text-muted-foreground">Columns</legend>
      {LIST_COLUMNS.filter((column) => !FIXED_COLUMNS.includes(column.key)).map((column) => (
        <label key={column.key} className="inline-flex items-center gap-2">
          <input
            type="checkbox"
            className="size-4"
            checked={columns.includes(column.key)}
            onChange={() => onToggle(column.key)}
          />
          {column.label}
        </label>
      ))}
    </fieldset>
  )
}
