import { zodResolver } from '@hookform/resolvers/zod'
import { SIGNATURE_PLACEHOLDERS, ZSignatureUpdate } from '@parsedesk/contracts'
import { EditorContent, useEditor } from '@tiptap/react'
import { StarterKit } from '@tiptap/starter-kit'
import { Save } from 'lucide-react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Form, FormField, FormItem, FormMessage } from '@/components/ui/form'
import { Spinner } from '@/components/ui/spinner'
import { ComposerToolbar } from '@/features/composer/components/composer-toolbar'

/**
 * A signature in rich text, edited as a reply is (the composer's editor and toolbar), with the placeholders
 * it may name. The server keeps what a reply's HTML may hold and nothing else.
 */
export function SignatureEditor({
  label,
  savedHtml,
  disabled,
  saving,
  onSave,
}: {
  label: string
  savedHtml: string
  disabled: boolean
  saving: boolean
  onSave: (html: string) => void
}) {
  const form = useForm<z.input<typeof ZSignatureUpdate>>({
    resolver: zodResolver(ZSignatureUpdate),
    defaultValues: { html: savedHtml },
  })
  // The editor holds the text; the form holds its HTML, checked with the server's limits before it is sent.
  const editor = useEditor({
    onUpdate: ({ editor: current }) =>
      form.setValue('html', current.isEmpty ? '' : current.getHTML(), {
        shouldValidate: form.formState.isSubmitted,
      }),
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true } })],
    content: savedHtml,
    editable: !disabled,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        class:
          'tiptap min-h-20 px-3 py-2 text-sm outline-none [&_a]:text-primary [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_p]:my-1',
      },
    },
  })
  return (
    <Form {...form}>
      <form
        className="grid gap-2"
        aria-label={`${label} form`}
        noValidate
        onSubmit={form.handleSubmit(({ html }) => onSave(html))}
      >
        <p className="text-sm font-medium">{label}</p>
        {editor && !disabled && <ComposerToolbar editor={editor} disabled={saving} />}
        <div className="rounded-md border border-input bg-background focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50">
          <EditorContent editor={editor} />
        </div>
        <FormField
          control={form.control}
          name="html"
          render={() => (
            <FormItem>
              <FormMessage />
            </FormItem>
          )}
        />
        <p className="text-xs text-muted-foreground">Placeholders: {SIGNATURE_PLACEHOLDERS.join(' ')}</p>
        <Button type="submit" variant="outline" className="w-fit" disabled={disabled || saving}>
          {saving ? <Spinner /> : <Save aria-hidden="true" />}
          Save signature
        </Button>
      </form>
    </Form>
  )
}
