import { zodResolver } from '@hookform/resolvers/zod'
import {
  lintRules,
  RULE_KINDS,
  RuleLimits,
  RuleMessages,
  type TRuleAction,
  type TRuleDraft,
  type TRuleDraftInput,
  type TRuleGroup,
  type TRuleKind,
  ZRuleDraft,
} from '@parsedesk/contracts'
import { FlaskConical, Save } from 'lucide-react'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { generatePath, Link } from 'react-router'
import { Paths } from '@/app/paths'
import { Button } from '@/components/ui/button'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { getErrorMessage } from '@/lib/errors'
import { notifyError, notifySuccess } from '@/lib/notify'
import { type TRuleDocument, useDryRun, useSaveRule } from '../queries'
import { emptyConditions } from '../rule-editor-state'
import { describeRule, type TRuleNames } from '../rule-sentence'
import { ActionsEditor, newAction, type TChoice } from './actions-editor'
import { ConditionsEditor } from './conditions-editor'
import { WebhookSecret } from './webhook-secret'

type TRuleFormProps = {
  teamId: string
  /** The workspace's rules: the new rule goes last, and conflicts are looked for among them. */
  rules: readonly TRuleDocument[]
  names: TRuleNames
  groups: readonly TChoice[]
  members: readonly TChoice[]
  categories: readonly TChoice[]
  /** The rule to change; a new one when absent. */
  rule?: TRuleDocument
  onDone?: () => void
}

export const KIND_LABELS: Record<TRuleKind, string> = {
  'on-create': 'When a new ticket arrives',
  'on-update': 'When a ticket is updated',
  scheduled: 'Every minute (time and SLA conditions)',
}

type TFields = TRuleDraftInput & { conditions: TRuleGroup; actions: TRuleAction[] }

function fieldsOf(rule: TRuleDocument | undefined, rules: readonly TRuleDocument[]): TFields {
  return {
    name: rule?.name ?? '',
    enabled: rule?.enabled ?? true,
    kind: rule?.kind ?? 'on-create',
    position: rule?.position ?? Math.max(-1, ...rules.map((other) => other.position)) + 1,
    stopHere: rule?.stopHere ?? false,
    conditions: rule?.conditions ?? emptyConditions(),
    actions: rule?.actions ?? [newAction('set-priority')],
  }
}

/** The contract's refusals of the actions, by index, for the editor to show under each. */
function actionProblems(draft: TFields): Map<number, string> {
  const parsed = ZRuleDraft.safeParse(draft)
  const problems = new Map<number, string>()
  for (const issue of parsed.error?.issues ?? []) {
    const [first, index] = issue.path
    if (first === 'actions' && typeof index === 'number' && !problems.has(index))
      problems.set(index, issue.message)
  }
  return problems
}

/**
 * A rule's editor: its name, when it runs, its conditions and actions, read back as a sentence, with the
 * warnings of `lintRules` among the workspace's rules and a dry run on the last days' tickets.
 */
export function RuleForm({
  teamId,
  rules,
  names,
  groups,
  members,
  categories,
  rule,
  onDone,
}: TRuleFormProps) {
  const id = useId()
  const save = useSaveRule()
  const dryRun = useDryRun()
  const form = useForm<TFields, unknown, TRuleDraft>({
    resolver: zodResolver(ZRuleDraft) as never,
    defaultValues: fieldsOf(rule, rules),
  })
  const draft = form.watch()
  const sentence = describeRule(draft, names)
  const warnings = lintRules([
    ...rules.filter((other) => other.$id !== rule?.$id).map((other) => ({ ...other, id: other.$id })),
    { ...draft, enabled: draft.enabled ?? true, id: rule?.$id ?? 'draft' },
  ]).filter((warning) => warning.ruleIds.includes(rule?.$id ?? 'draft'))
  const conditionsProblem =
    form.formState.errors.conditions?.message ?? form.formState.errors.conditions?.root?.message
  const problem = form.formState.errors.root?.message

  const submit = form.handleSubmit(async (saved) => {
    try {
      await save.mutateAsync({ teamId, ruleId: rule?.$id, rule: saved })
    } catch (error) {
      form.setError('root', { message: getErrorMessage(error) })
      notifyError({ title: 'Could not save the rule', description: getErrorMessage(error) })
      return
    }
    notifySuccess({ title: rule ? 'Rule saved' : 'Rule created', description: saved.name })
    if (!rule) form.reset(fieldsOf(undefined, rules))
    onDone?.()
  })

  const runDry = async () => {
    const parsed = ZRuleDraft.safeParse(form.getValues())
    if (!parsed.success) {
      await form.trigger()
      return
    }
    dryRun.mutate({ teamId, rule: parsed.data })
  }

  return (
    <Form {...form}>
      <form
        onSubmit={submit}
        noValidate
        className="grid gap-4"
        aria-label={rule ? `Edit rule ${rule.name}` : 'New rule'}
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="name"
            render={({ field }) => (
              <FormItem className="gap-1.5">
                <FormLabel>Rule name</FormLabel>
                <FormControl>
                  <Input maxLength={RuleLimits.name} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="kind"
            render={({ field }) => (
              <FormItem className="gap-1.5">
                <FormLabel>Runs</FormLabel>
                <FormControl>
                  <NativeSelect
                    {...field}
                    onChange={(event) => {
                      field.onChange(event)
                      // Which conditions a rule may hold depends on when it runs ("changed", the SLA).
                      if (form.formState.isSubmitted) void form.trigger('conditions')
                    }}
                  >
                    {RULE_KINDS.map((kind) => (
                      <option key={kind} value={kind}>
                        {KIND_LABELS[kind]}
                      </option>
                    ))}
                  </NativeSelect>
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-1.5">
            <input type="checkbox" {...form.register('enabled')} />
            Enabled
          </label>
          <label className="flex items-center gap-1.5">
            <input type="checkbox" {...form.register('stopHere')} />
            Stop here: later rules skip a ticket this one matched
          </label>
        </div>
        <div className="grid gap-2">
          <p className="text-sm font-medium">When</p>
          <ConditionsEditor
            choices={{ groups, members, categories }}
            root={draft.conditions}
            onChange={(conditions) =>
              form.setValue('conditions', conditions, { shouldValidate: form.formState.isSubmitted })
            }
          />
          {conditionsProblem && <p className="text-sm text-destructive">{conditionsProblem}</p>}
        </div>
        <ActionsEditor
          actions={draft.actions}
          onChange={(actions) =>
            form.setValue('actions', actions, { shouldValidate: form.formState.isSubmitted })
          }
          names={names}
          groups={groups}
          members={members}
          problems={form.formState.isSubmitted ? actionProblems(draft) : new Map()}
        />
        {form.formState.errors.actions?.message && (
          <p className="text-sm text-destructive">{form.formState.errors.actions.message}</p>
        )}
        {rule?.actions.some((action) => action.type === 'webhook') && (
          <WebhookSecret teamId={teamId} ruleId={rule.$id} />
        )}
        <section aria-labelledby={`${id}-reads`} className="grid gap-1 rounded-md bg-muted p-3 text-sm">
          <h3 id={`${id}-reads`} className="font-medium">
            The rule reads
          </h3>
          <p data-rule-sentence="">{sentence}</p>
        </section>
        {warnings.length > 0 && (
          <ul aria-label="Warnings" className="grid gap-1 text-sm text-amber-800 dark:text-amber-300">
            {warnings.map((warning) => (
              <li key={`${warning.kind}:${warning.ruleIds.join()}`}>{warning.message}</li>
            ))}
          </ul>
        )}
        {dryRun.data && (
          <section aria-labelledby={`${id}-dry`} className="grid gap-2 rounded-md border p-3 text-sm">
            <h3 id={`${id}-dry`} className="font-medium">
              {RuleMessages.dryRunSummary(dryRun.data.matched, dryRun.data.scanned)}
            </h3>
            {dryRun.data.tickets.length > 0 && (
              <ul className="grid gap-1">
                {dryRun.data.tickets.map((ticket) => (
                  <li key={ticket.id}>
                    <Link
                      className="underline underline-offset-2"
                      to={generatePath(Paths.ticket, { number: String(ticket.number) })}
                    >
                      #{ticket.number} {ticket.subject}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
        {dryRun.error && (
          <p role="alert" className="text-sm text-destructive">
            {getErrorMessage(dryRun.error)}
          </p>
        )}
        {problem && (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" disabled={dryRun.isPending} onClick={() => void runDry()}>
            {dryRun.isPending ? <Spinner /> : <FlaskConical aria-hidden="true" />}
            Dry run
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? <Spinner /> : <Save aria-hidden="true" />}
            {rule ? 'Save rule' : 'Create rule'}
          </Button>
          {onDone && (
            <Button type="button" variant="ghost" onClick={onDone}>
              Cancel
            </Button>
          )}
        </div>
      </form>
    </Form>
  )
}
