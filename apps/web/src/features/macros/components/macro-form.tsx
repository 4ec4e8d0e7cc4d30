import {
  MACRO_PLACEHOLDERS,
  MacroAssignee,
  MacroLimits,
  TICKET_STATUSES,
  type TMacroAssignee,
  type TTicketStatus,
  ZMacro,
} from '@parsedesk/contracts'
import { Save } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { getErrorMessage } from '@/lib/errors'
import { notifyError, notifySuccess } from '@/lib/notify'
import { describeActions, previewMacro, type TMacroMember } from '../macro-preview'
import { type TMacroDocument, useSaveMacro } from '../queries'

type TMacroFormProps = {
  teamId: string
  members: TMacroMember[]
  /** Who previews it: the agent placeholders stand for. */
  agent: { id: string; name: string }
  /** The macro to change; a new one when absent. */
  macro?: TMacroDocument
  onDone?: () => void
}

const KEEP_STATUS = ''
const MEMBER_PREFIX = 'member:'

/** The assignee select's value: a kind, or `member:<user id>`. */
const assigneeValue = (assignee: TMacroAssignee) =>
  assignee.kind === MacroAssignee.member ? `${MEMBER_PREFIX}${assignee.userId}` : assignee.kind

function assigneeOf(value: string): TMacroAssignee {
  if (value.startsWith(MEMBER_PREFIX))
    return { kind: MacroAssignee.member, userId: value.slice(MEMBER_PREFIX.length) }
  if (value === MacroAssignee.applier || value === MacroAssignee.nobody) return { kind: value }
  return { kind: MacroAssignee.keep }
}

/** A macro's name, text and actions, with a preview of both on a sample ticket. */
export function MacroForm({ teamId, members, agent, macro, onDone }: TMacroFormProps) {
  const id = useId()
  const save = useSaveMacro()
  const [name, setName] = useState(macro?.name ?? '')
  const [body, setBody] = useState(macro?.body ?? '')
  const [status, setStatus] = useState<string>(macro?.actions.status ?? KEEP_STATUS)
  const [tags, setTags] = useState(macro?.actions.addTags.join(', ') ?? '')
  const [assignee, setAssignee] = useState(
    assigneeValue(macro?.actions.assignee ?? { kind: MacroAssignee.keep }),
  )
  const [problem, setProblem] = useState<string>()

  const draft = ZMacro.safeParse({
    name,
    body,
    actions: {
      status: status === KEEP_STATUS ? null : (status as TTicketStatus),
      addTags: tags
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
      assignee: assigneeOf(assignee),
    },
  })
  const preview = draft.success ? previewMacro(draft.data, agent) : undefined

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (!draft.success) {
      setProblem(draft.error.issues[0]?.message)
      return
    }
    setProblem(undefined)
    try {
      await save.mutateAsync({ teamId, macroId: macro?.$id, macro: draft.data })
    } catch (error) {
      setProblem(getErrorMessage(error))
      notifyError({ title: 'Could not save the macro', description: getErrorMessage(error) })
      return
    }
    notifySuccess({ title: macro ? 'Macro saved' : 'Macro created', description: draft.data.name })
    if (!macro) {
      setName('')
      setBody('')
      setStatus(KEEP_STATUS)
      setTags('')
      setAssignee(MacroAssignee.keep)
    }
    onDone?.()
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="grid gap-3"
      aria-label={macro ? `Edit macro ${macro.name}` : 'New macro'}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-name`}>Macro name</Label>
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={MacroLimits.name}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-body`}>Reply text</Label>
        <Textarea
          id={`${id}-body`}
          rows={5}
          value={body}
          aria-describedby={`${id}-placeholders`}
          onChange={(event) => setBody(event.target.value)}
        />
        <p id={`${id}-placeholders`} className="text-xs break-words text-muted-foreground">
          Placeholders: {MACRO_PLACEHOLDERS.map((placeholder) => `{{${placeholder}}}`).join(' ')}
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <NativeSelect
            id={`${id}-status`}
            value={status}
            onChange={(event) => setStatus(event.target.value)}
          >
            <option value={KEEP_STATUS}>Leave as it is</option>
            {TICKET_STATUSES.map((option) => (
              <option key={option} value={option}>
                Set to {option}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-tags`}>Tags to add</Label>
          <Input
            id={`${id}-tags`}
            value={tags}
            placeholder="refund, billing"
            onChange={(event) => setTags(event.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-assignee`}>Assignee</Label>
          <NativeSelect
            id={`${id}-assignee`}
            value={assignee}
            onChange={(event) => setAssignee(event.target.value)}
          >
            <option value={MacroAssignee.keep}>Leave as it is</option>
            <option value={MacroAssignee.applier}>Whoever applies it</option>
            <option value={MacroAssignee.nobody}>Nobody</option>
            {members.map((member) => (
              <option key={member.userId} value={`${MEMBER_PREFIX}${member.userId}`}>
                {member.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {preview && draft.success && (
        <section aria-label="Preview" className="grid gap-1.5 rounded-md bg-muted/50 p-3 text-sm">
          <h4 className="font-medium">Preview on #1042 from Ada Lovelace</h4>
          <p data-testid="macro-preview" className="break-words whitespace-pre-wrap">
            {preview.body || <span className="text-muted-foreground">No reply text.</span>}
          </p>
          {preview.unresolved.length > 0 && (
            <p className="text-destructive">
              Not filled in: {preview.unresolved.map((placeholder) => `{{${placeholder}}}`).join(', ')}
            </p>
          )}
          <p className="text-muted-foreground">{describeActions(draft.data, members)}</p>
        </section>
      )}
      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className="w-fit" disabled={save.isPending}>
          {save.isPending ? <Spinner /> : <Save aria-hidden="true" />}
          {save.isPending ? 'Saving...' : macro ? 'Save macro' : 'Create macro'}
        </Button>
        {onDone && macro && (
          <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  )
}
