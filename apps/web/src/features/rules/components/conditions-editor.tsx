import {
  KEYED_RULE_FIELDS,
  NUMBER_RULE_OPERATORS,
  RULE_CHANNELS,
  RULE_FIELD_SHAPES,
  RULE_FIELDS,
  RULE_MESSAGE_KINDS,
  RULE_OPERATORS_BY_SHAPE,
  RuleLimits,
  ruleConditionProblem,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TRuleCondition,
  type TRuleField,
  type TRuleGroup,
  type TRuleOperator,
  VALUELESS_RULE_OPERATORS,
  WORD_RULE_OPERATORS,
} from '@parsedesk/contracts'
import { Plus, X } from 'lucide-react'
import { useId } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import {
  addCondition,
  addGroup,
  canNestGroup,
  removeEntry,
  setMatch,
  type TConditionPath,
  updateConditionAt,
} from '../rule-editor-state'
import { choiceLabel, conditionSubject, operatorWords } from '../rule-sentence'

type TChoice = { id: string; name: string }

/** What the workspace offers for the fields whose values are its own: groups, members, categories. */
export type TConditionChoices = {
  groups: readonly TChoice[]
  members: readonly TChoice[]
  categories: readonly TChoice[]
}

type TEditorProps = { root: TRuleGroup; onChange(root: TRuleGroup): void; choices: TConditionChoices }

/** The values a choice field takes, by name: a select rather than a key typed by hand. */
function choicesOf(field: TRuleField, choices: TConditionChoices): readonly TChoice[] {
  const labelled = (values: readonly string[]) =>
    values.map((value) => ({ id: value, name: choiceLabel(value) }))
  switch (field) {
    case 'ticket.status':
      return labelled(TICKET_STATUSES)
    case 'ticket.priority':
      return labelled(TICKET_PRIORITIES)
    case 'message.channel':
      return labelled(RULE_CHANNELS)
    case 'message.new-or-reply':
      return labelled(RULE_MESSAGE_KINDS)
    case 'ticket.group':
      return choices.groups
    case 'ticket.assignee':
      return choices.members
    case 'ticket.category':
      return choices.categories
    default:
      return []
  }
}

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`
const fieldLabel = (field: TRuleField) =>
  capitalised(conditionSubject({ field, key: null }).replace(/^the /, ''))

/** One condition's row: field, key when the field is keyed, operator, value, "not", and remove. */
function ConditionRow({
  root,
  onChange,
  choices,
  path,
  condition,
}: TEditorProps & { path: TConditionPath; condition: TRuleCondition }) {
  const id = useId()
  const change = (patch: Parameters<typeof updateConditionAt>[2]) =>
    onChange(updateConditionAt(root, path, patch))
  const operators = RULE_OPERATORS_BY_SHAPE[RULE_FIELD_SHAPES[condition.field]]
  const problem = ruleConditionProblem(condition)
  const place = `condition ${path.map((index) => index + 1).join('.')}`
  const valueless = VALUELESS_RULE_OPERATORS.includes(condition.operator)
  const isWords = WORD_RULE_OPERATORS.includes(condition.operator)
  const isNumber = NUMBER_RULE_OPERATORS.includes(condition.operator)
  const isChoice = RULE_FIELD_SHAPES[condition.field] === 'choice'
  const value = Array.isArray(condition.value) ? condition.value.join(' ') : (condition.value ?? '')
  return (
    <li className="grid gap-2 rounded-md border p-2" data-condition-path={path.join('.')}>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-field`}>Field</Label>
          <NativeSelect
            id={`${id}-field`}
            aria-label={`Field of ${place}`}
            value={condition.field}
            onChange={(event) => change({ field: event.target.value as TRuleField })}
          >
            {RULE_FIELDS.map((field) => (
              <option key={field} value={field}>
                {fieldLabel(field)}
              </option>
            ))}
          </NativeSelect>
        </div>
        {KEYED_RULE_FIELDS.includes(condition.field) && (
          <div className="grid gap-1">
            <Label htmlFor={`${id}-key`}>
              {condition.field === 'message.header' ? 'Header name' : 'Field key'}
            </Label>
            <Input
              id={`${id}-key`}
              maxLength={RuleLimits.key}
              value={condition.key ?? ''}
              onChange={(event) => change({ key: event.target.value })}
            />
          </div>
        )}
        <div className="grid gap-1">
          <Label htmlFor={`${id}-operator`}>Test</Label>
          <NativeSelect
            id={`${id}-operator`}
            aria-label={`Test of ${place}`}
            value={condition.operator}
            onChange={(event) => change({ operator: event.target.value as TRuleOperator })}
          >
            {operators.map((operator) => (
              <option key={operator} value={operator}>
                {operatorWords(operator)}
              </option>
            ))}
          </NativeSelect>
        </div>
        {!valueless && (
          <div className="grid min-w-40 flex-1 gap-1">
            <Label htmlFor={`${id}-value`}>
              {isWords
                ? 'Words (separated by spaces)'
                : condition.operator === 'due-within'
                  ? 'Minutes'
                  : 'Value'}
            </Label>
            {isChoice ? (
              <NativeSelect
                id={`${id}-value`}
                aria-label={`Value of ${place}`}
                value={typeof condition.value === 'string' ? condition.value : ''}
                onChange={(event) => change({ value: event.target.value })}
              >
                <option value="">Choose…</option>
                {choicesOf(condition.field, choices).map((choice) => (
                  <option key={choice.id} value={choice.id}>
                    {choice.name}
                  </option>
                ))}
              </NativeSelect>
            ) : (
              <Input
                id={`${id}-value`}
                aria-label={`Value of ${place}`}
                inputMode={isNumber ? 'decimal' : undefined}
                maxLength={RuleLimits.value}
                aria-invalid={problem?.path[0] === 'value' || undefined}
                value={value}
                onChange={(event) => {
                  const text = event.target.value
                  if (isNumber)
                    change({ value: text.trim() === '' || Number.isNaN(Number(text)) ? null : Number(text) })
                  else if (isWords) change({ value: text.split(/\s+/).filter(Boolean) })
                  else change({ value: text })
                }}
              />
            )}
          </div>
        )}
        <label className="flex h-9 items-center gap-1.5 text-sm">
          <input
            type="checkbox"
            checked={condition.negate}
            onChange={(event) => change({ negate: event.target.checked })}
          />
          Not
        </label>
        <Button type="button" variant="ghost" size="sm" onClick={() => onChange(removeEntry(root, path))}>
          <X aria-hidden="true" />
          <span className="sr-only">Remove {place}</span>
        </Button>
      </div>
      {problem && <p className="text-sm text-destructive">{problem.message}</p>}
    </li>
  )
}

/** A group: "all" or "any" of its entries, each a condition or a nested group, and buttons to add. */
function GroupEditor({
  root,
  onChange,
  choices,
  path,
  group,
}: TEditorProps & { path: TConditionPath; group: TRuleGroup }) {
  const id = useId()
  const nested = path.length > 0
  return (
    <fieldset className={nested ? 'grid gap-2 rounded-md border border-dashed p-2' : 'grid gap-2'}>
      <legend className="sr-only">
        {nested ? `Group ${path.map((index) => index + 1).join('.')}` : 'Conditions'}
      </legend>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Label htmlFor={`${id}-match`}>Match</Label>
        <NativeSelect
          id={`${id}-match`}
          className="w-auto"
          value={group.match}
          onChange={(event) => onChange(setMatch(root, path, event.target.value as TRuleGroup['match']))}
        >
          <option value="all">all of these</option>
          <option value="any">any of these</option>
        </NativeSelect>
        {nested && (
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange(removeEntry(root, path))}>
            <X aria-hidden="true" />
            Remove group
          </Button>
        )}
      </div>
      {group.conditions.length > 0 ? (
        <ul className="grid gap-2">
          {group.conditions.map((entry, index) => {
            const at = [...path, index]
            return entry.type === 'group' ? (
              <li key={at.join('.')}>
                <GroupEditor root={root} onChange={onChange} choices={choices} path={at} group={entry} />
              </li>
            ) : (
              <ConditionRow
                key={at.join('.')}
                root={root}
                onChange={onChange}
                choices={choices}
                path={at}
                condition={entry}
              />
            )
          })}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">
          No conditions: the rule applies to every ticket of its kind.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => onChange(addCondition(root, path))}>
          <Plus aria-hidden="true" />
          Add condition
        </Button>
        {canNestGroup(path) && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => onChange(addGroup(root, path, 'any'))}
          >
            <Plus aria-hidden="true" />
            Add group
          </Button>
        )}
      </div>
    </fieldset>
  )
}

/** The rule's conditions as nested all/any groups, each condition checked as the contract checks it. */
export function ConditionsEditor({ root, onChange, choices }: TEditorProps) {
  return <GroupEditor root={root} onChange={onChange} choices={choices} path={[]} group={root} />
}
