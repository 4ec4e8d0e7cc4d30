import { SkillLimits, type TSkillRule, type TTicketCategory } from '@parsedesk/contracts'
import { Plus, Trash2 } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { ListInput } from './list-input'

type TSkillRulesFieldProps = {
  value: TSkillRule[]
  onChange: (rules: TSkillRule[]) => void
  /** The workspace's categories, offered by name (a rule stores their keys). */
  categories: readonly TTicketCategory[]
}

const EMPTY_RULE: TSkillRule = { skill: '', categories: [], languages: [], tags: [] }

/**
 * Which tickets need which skill (decision 067): for each skill, the categories, languages and tags that
 * call for it. A ticket matching any of a rule's values needs its skill.
 */
export function SkillRulesField({ value, onChange, categories }: TSkillRulesFieldProps) {
  // Rules have no id: each row gets a key of its own, so removing one keeps the others' typed text.
  const [keys, setKeys] = useState(() => value.map((_, index) => index))
  const nextKey = useRef(value.length)
  const rows = value.map((rule, index) => ({ rule, index, key: keys[index] ?? -1 - index }))
  const change = (index: number, rule: Partial<TSkillRule>) =>
    onChange(value.map((other, at) => (at === index ? { ...other, ...rule } : other)))
  const add = () => {
    setKeys([...keys.slice(0, value.length), nextKey.current++])
    onChange([...value, EMPTY_RULE])
  }
  const remove = (index: number) => {
    setKeys(keys.filter((_, at) => at !== index))
    onChange(value.filter((_, at) => at !== index))
  }
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1.5 text-sm font-medium">Which tickets need a skill</legend>
      {value.length === 0 && (
        <p className="text-sm text-muted-foreground">No skill rules: tickets need no skill.</p>
      )}
      {rows.map(({ rule, index, key }) => (
        <SkillRuleEditor
          key={key}
          rule={rule}
          label={`Skill rule ${index + 1}`}
          categories={categories}
          onChange={(changed) => change(index, changed)}
          onRemove={() => remove(index)}
        />
      ))}
      {value.length < SkillLimits.rules && (
        <Button type="button" variant="outline" size="sm" className="w-fit" onClick={add}>
          <Plus aria-hidden="true" />
          Add a skill rule
        </Button>
      )}
    </fieldset>
  )
}

type TSkillRuleEditorProps = {
  rule: TSkillRule
  label: string
  categories: readonly TTicketCategory[]
  onChange: (rule: Partial<TSkillRule>) => void
  onRemove: () => void
}

/** One skill and the categories, languages and tags that call for it. */
function SkillRuleEditor({ rule, label, categories, onChange, onRemove }: TSkillRuleEditorProps) {
  const id = useId()
  return (
    <fieldset className="grid gap-2 rounded-md border p-3">
      <legend className="px-1 text-sm text-muted-foreground">{label}</legend>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-skill`}>Skill</Label>
        <Input
          id={`${id}-skill`}
          value={rule.skill}
          maxLength={SkillLimits.skill}
          placeholder="billing"
          onChange={(event) => onChange({ skill: event.target.value })}
        />
      </div>
      <div className="grid gap-1 text-sm">
        <span>Tickets in these categories</span>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {categories.map((category) => (
            <label key={category.key} className="flex items-center gap-2">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={rule.categories.includes(category.key)}
                onChange={(event) =>
                  onChange({
                    categories: event.target.checked
                      ? [...rule.categories, category.key]
                      : rule.categories.filter((key) => key !== category.key),
                  })
                }
              />
              <span className="break-words">{category.name}</span>
            </label>
          ))}
        </div>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-languages`}>or written in these languages</Label>
        <ListInput
          id={`${id}-languages`}
          value={rule.languages}
          placeholder="German, French"
          onChange={(languages) => onChange({ languages })}
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-tags`}>or tagged with any of</Label>
        <ListInput
          id={`${id}-tags`}
          value={rule.tags}
          placeholder="invoice, refund"
          onChange={(tags) => onChange({ tags })}
        />
      </div>
      <Button type="button" variant="outline" size="sm" className="w-fit" onClick={onRemove}>
        <Trash2 aria-hidden="true" />
        Remove {label.toLowerCase()}
      </Button>
    </fieldset>
  )
}
