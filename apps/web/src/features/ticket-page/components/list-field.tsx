import { zodResolver } from '@hookform/resolvers/zod'
import { Plus, X } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import { type ZodType, z } from 'zod'
import { Button } from '@/components/ui/button'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { getErrorMessage } from '@/lib/errors'

type TListFieldProps = {
  label: string
  /** What one item is called in button names ("tag": "Remove tag vip"). */
  noun: string
  items: readonly string[]
  /** The contracts' schema of the whole list: the new list is checked with it before it is sent. */
  schema: ZodType<string[], unknown>
  inputType?: 'text' | 'email'
  placeholder: string
  onSave: (items: string[]) => Promise<unknown>
}

/**
 * A list the agent adds to and removes from (tags, copies). Each press saves the whole list; a refusal
 * keeps what was typed in the field with the reason under it.
 */
export function ListField({
  label,
  noun,
  items,
  schema,
  inputType = 'text',
  placeholder,
  onSave,
}: TListFieldProps) {
  const [isSaving, setIsSaving] = useState(false)
  // The typed item is checked as the list it would make, with the contracts' schema of the whole list.
  const resolver = useMemo(
    () =>
      zodResolver(
        z.object({ item: z.string() }).superRefine(({ item }, context) => {
          // Enter in an empty field adds nothing and refuses nothing.
          if (item.trim() === '') return
          const refusal = schema.safeParse([...items, item]).error?.issues[0]
          if (refusal) context.addIssue({ code: 'custom', path: ['item'], message: refusal.message })
        }),
      ),
    [schema, items],
  )
  const form = useForm<{ item: string }>({ resolver, defaultValues: { item: '' } })
  const typed = form.watch('item')

  async function save(next: string[]) {
    setIsSaving(true)
    form.clearErrors('item')
    try {
      await onSave(next)
      return true
    } catch (failure) {
      form.setError('item', {
        message: getErrorMessage(failure) || `Could not change the ${label.toLowerCase()}`,
      })
      return false
    } finally {
      setIsSaving(false)
    }
  }

  const add = form.handleSubmit(async ({ item }) => {
    if (item.trim() === '') return
    const parsed = schema.safeParse([...items, item])
    if (parsed.success && (await save(parsed.data))) form.reset({ item: '' })
  })

  return (
    <Form {...form}>
      <FormField
        control={form.control}
        name="item"
        render={({ field }) => (
          <FormItem className="gap-1.5">
            <FormLabel>{label}</FormLabel>
            {items.length > 0 && (
              <ul aria-label={label} className="flex flex-wrap gap-1.5">
                {items.map((item) => (
                  <li
                    key={item}
                    className="flex max-w-full min-w-0 items-center gap-1 rounded-full border bg-muted py-0.5 pr-0.5 pl-2.5 text-xs"
                  >
                    <span className="min-w-0 break-all">{item}</span>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-6 rounded-full"
                      disabled={isSaving}
                      aria-label={`Remove ${noun} ${item}`}
                      onClick={() => void save(items.filter((kept) => kept !== item))}
                    >
                      <X aria-hidden="true" className="size-3" />
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            <form className="flex gap-2" noValidate onSubmit={(event) => void add(event)}>
              <FormControl>
                <Input {...field} type={inputType} placeholder={placeholder} disabled={isSaving} />
              </FormControl>
              <Button
                type="submit"
                variant="outline"
                disabled={isSaving || !typed.trim()}
                aria-label={`Add ${noun}`}
              >
                <Plus aria-hidden="true" />
                Add
              </Button>
            </form>
            <FormMessage className="text-xs break-words" />
          </FormItem>
        )}
      />
    </Form>
  )
}
