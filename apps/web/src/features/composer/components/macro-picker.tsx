import { useQuery } from '@tanstack/react-query'
import { NativeSelect } from '@/components/ui/native-select'
import { macroQueries, type TMacroDocument } from '@/features/macros/queries'

/** "Insert canned reply": the workspace's macros by name; choosing one inserts it and resets the picker. */
export function MacroPicker({
  teamId,
  disabled,
  onPick,
}: {
  teamId: string
  disabled: boolean
  onPick: (macro: TMacroDocument) => void
}) {
  // Macros change seldom: the composer opened again within a minute offers the ones it read.
  const macros = useQuery({ ...macroQueries.list(teamId), staleTime: 60_000 })
  const list = macros.data ?? []
  return (
    <NativeSelect
      aria-label="Insert canned reply"
      value=""
      disabled={disabled || list.length === 0}
      className="h-8 text-sm"
      onChange={(event) => {
        const macro = list.find((held) => held.$id === event.target.value)
        if (macro) onPick(macro)
      }}
    >
      <option value="">{list.length === 0 ? 'No canned replies' : 'Insert canned reply...'}</option>
      {list.map((macro) => (
        <option key={macro.$id} value={macro.$id}>
          {macro.name}
        </option>
      ))}
    </NativeSelect>
  )
}
