import { zodResolver } from '@hookform/resolvers/zod'
import {
  MACRO_PLACEHOLDERS,
  MacroAssignee,
  MacroLimits,
  TICKET_STATUSES,
  type TMacro,
  type TMacroAssignee,
  type TTicketStatus,
  ZMacro,
} from '@parsedesk/contracts'
import { Save } from 'lucide-react'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
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

/** The fields as the form holds them: the status and assignee as select values, the tags as typed. */
const ZMacroFields = z.object({
  name: z.string(),
  body: z.string(),
  status: z.string(),
  tags: z.string(),
  assignee: z.string(),
})
type TMacroFields = z.infer<typeof ZMacroFields>

const FIELD_OF_ACTION: Record<string, keyof TMacroFields> = {
  status: 'status',
  addTags: 'tags',
  assignee: 'assignee',
}

/** The fields read as a macro and checked with the server's schema; each refusal under its own field. */
const ZMacroForm = ZMacroFields.transform((fields, ctx) => {
  const parsed = ZMacro.safeParse({
    name: fields.name,
    body: fields.body,
    actions: {
      status: fields.status === KEEP_STATUS ? null : (fields.status as TTicketStatus),
      addTags: fields.tags
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
      assignee: assigneeOf(fields.assignee),
    },
  })
  if (parsed.success) return parsed.data
  for (const issue of parsed.error.issues) {
    const [first, second] = issue.path
    const field = first === 'actions' ? FIELD_OF_ACTION[String(second)] : String(first)
    ctx.addIssue({ code: 'custom', message: issue.message, path: [field ?? 'name'] })
  }
  return z.NEVER
})

function fieldsOf(macro: TMacroDocument | undefined): TMacroFields {
  return {
    name: macro?.name ?? '',
    body: macro?.body ?? '',
    status: macro?.actions.status ?? KEEP_STATUS,
    tags: macro?.actions.addTags.join(', ') ?? '',
    assignee: assigneeValue(macro?.actions.assignee ?? { kind: MacroAssignee.keep }),
  }
}

/** A macro's name, text and actions, with a preview of both on a sample ticket. */
export function MacroForm({ teamId, members, agent, macro, onDone }: TMacroFormProps) {
  const id = useId()
  const save = useSaveMacro()
  const form = useForm<TMacroFields, unknown, TMacro>({
    resolver: zodResolver(ZMacroForm),
    defaultValues: fieldsOf(macro),
  })
  const problem = form.formState.errors.root?.message
  const draft = ZMacroForm.safeParse(form.watch())
  const preview = draft.success ? previewMacro(draft.data, agent) : undefined

  const submit = form.handleSubmit(async (saved) => {
    try {
      await save.mutateAsync({ teamId, macroId: macro?.$id, macro: saved })
    } catch (error) {
      form.setError('root', { message: getErrorMessage(error) })
      notifyError({ title: 'Could not save the macro', description: getErrorMessage(error) })
      return
    }
    notifySuccess({ title: macro ? 'Macro saved' : 'Macro created', description: saved.name })
    if (!macro) form.reset(fieldsOf(undefined))
    onDone?.()
  })

  return (
    <Form {...form}>
      <form
        onSubmit={submit}
        noValidate
        className="grid gap-3"
        aria-label={macro ? `Edit macro ${macro.name}` : 'New macro'}
      >
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem className="gap-1.5">
              <FormLabel>Macro name</FormLabel>
              <FormControl>
                <Input maxLength={MacroLimits.name} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="body"
          render={({ field }) => (
            <FormItem className="gap-1.5">
              <FormLabel>Reply text</FormLabel>
              <FormControl>
                <Textarea rows={5} aria-describedby={`${id}-placeholders`} {...field} />
              </FormControl>
              <p id={`${id}-placeholders`} className="text-xs break-words text-muted-foreground">
                Placeholders: {MACRO_PLACEHOLDERS.map((placeholder) => `{{${placeholder}}}`).join(' ')}
              </p>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="grid gap-3 sm:grid-cols-3">
          <FormField
            control={form.control}
            name="status"
            render={({ field }) => (
              <FormItem className="gap-1.5">
                <FormLabel>Status</FormLabel>
                <FormControl>
                  <NativeSelect {...field}>
                    <option value={KEEP_STATUS}>Leave as it is</option>
                    {TICKET_STATUSES.map((option) => (
                      <option key={option} value={option}>
                        Set to {option}
                      </option>
                    ))}
                  </NativeSelect>
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="tags"
            render={({ field }) => (
              <FormItem className="gap-1.5">
                <FormLabel>Tags to add</FormLabel>
                <FormControl>
                  <Input placeholder="refund, billing" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="assignee"
            render={({ field }) => (
              <FormItem className="gap-1.5">
                <FormLabel>Assignee</FormLabel>
                <FormControl>
                  <NativeSelect {...field}>
                    <option value={MacroAssignee.keep}>Leave as it is</option>
                    <option value={MacroAssignee.applier}>Whoever applies it</option>
                    <option value={MacroAssignee.nobody}>Nobody</option>
                    {members.map((member) => (
                      <option key={member.userId} value={`${MEMBER_PREFIX}${member.userId}`}>
                        {member.name}
                      </option>
                    ))}
                  </NativeSelect>
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
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
    </Form>
  )
}
