import { NativeSelect } from '@/components/ui/native-select'
import { type TMacroDocument, useMacros } from '../queries'

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
  const macros = useMacros(teamId)
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
