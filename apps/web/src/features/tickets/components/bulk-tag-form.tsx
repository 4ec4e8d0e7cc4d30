import { zodResolver } from '@hookform/resolvers/zod'
import { ZTicketTags } from '@parsedesk/contracts'
import { Tag } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Form, FormControl, FormField, FormItem, FormMessage } from '@/components/ui/form'
import { Input } from '@/components/ui/input'

/** A tag as the tickets' contract stores it (trimmed, lower case, within its length), or a refusal in its words. */
export const ZBulkTagForm = z.object({
  tag: z.string().transform((text, context) => {
    const parsed = ZTicketTags.safeParse([text])
    if (parsed.success && parsed.data[0]) return parsed.data[0]
    context.addIssue({ code: 'custom', message: parsed.error?.issues[0]?.message ?? 'Not a tag' })
    return z.NEVER
  }),
})

/** The bulk bar's "Add tag": the tag typed is checked before any selected ticket is changed. */
export function BulkTagForm({ isBusy, onAddTag }: { isBusy: boolean; onAddTag: (tag: string) => void }) {
  const form = useForm<z.input<typeof ZBulkTagForm>, unknown, z.output<typeof ZBulkTagForm>>({
    resolver: zodResolver(ZBulkTagForm),
    defaultValues: { tag: '' },
  })
  const submit = form.handleSubmit(({ tag }) => {
    onAddTag(tag)
    form.reset({ tag: '' })
  })
  return (
    <Form {...form}>
      <form className="flex items-end gap-1" noValidate onSubmit={(event) => void submit(event)}>
        <FormField
          control={form.control}
          name="tag"
          render={({ field }) => (
            <FormItem className="gap-1">
              <FormControl>
                <Input {...field} aria-label="Tag to add" placeholder="tag" className="h-8 w-28" />
              </FormControl>
              <FormMessage className="text-xs" />
            </FormItem>
          )}
        />
        <Button size="sm" variant="outline" type="submit" disabled={isBusy}>
          <Tag aria-hidden="true" />
          Add tag
        </Button>
      </form>
    </Form>
  )
}
