import { zodResolver } from '@hookform/resolvers/zod'
import {
  TemplateLimits,
  type TTemplateDraft,
  type TTemplatePreviewResponse,
  ZTemplateDraft,
} from '@parsedesk/contracts'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Trash2 } from 'lucide-react'
import { useId, useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import { FormFooter } from '@/components/form-footer'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { getErrorMessage, getErrorStatus } from '@/lib/errors'
import { notifyError, notifySuccess } from '@/lib/notify'
import {
  fetchTemplatePreview,
  type TCustomFieldDocument,
  type TTemplateDocument,
  templateQueries,
  useSampleEmails,
  useSaveTemplate,
} from '../queries'
import { draftOf, draftProblems, editMatch, type TMatchPart } from '../template-draft-state'
import { expectedValues, fieldFromSelection, gridFieldsOf, sampleMailOf } from '../template-fields'
import { useDebounced } from '../use-debounced'
import { ServerPreview } from './server-preview'
import { pickSample, TemplateDraft } from './template-draft'
import { TemplateFieldEditor } from './template-field-editor'

type TTemplateFormProps = {
  teamId: string
  templates: readonly TTemplateDocument[]
  customFields: readonly TCustomFieldDocument[]
  /** The template to change; a new one when absent. */
  template?: TTemplateDocument
  onDone?: () => void
}

const MATCH_LABELS: Record<TMatchPart, string> = {
  sender: 'Sender',
  subject: 'Subject',
  content: 'Content',
}

/** How long the draft must rest before the server's preview runs it again. */
const PREVIEW_PAUSE_MS = 400

/**
 * A template's editor: which mail it reads, its fields named by selecting them in a real email of the
 * workspace, the page's own grid as the admin types, the server's preview (the authority for every kind of
 * locator and for the saved test emails) after each pause, and Save.
 */
export function TemplateForm({ teamId, templates, customFields, template, onDone }: TTemplateFormProps) {
  const id = useId()
  const save = useSaveTemplate()
  const samples = useSampleEmails(teamId)
  const form = useForm<TTemplateDraft>({
    resolver: zodResolver(ZTemplateDraft) as never,
    defaultValues: draftOf(template, templates),
  })
  const draft = form.watch()
  const [sampleId, setSampleId] = useState<string>()
  const saveError = form.formState.errors.root?.message
  const problems = draftProblems(draft)
  const valid = problems.fields.size === 0 && problems.other.length === 0
  const sample = pickSample(samples.data ?? [], sampleId)
  const sampleMail = sample && sampleMailOf(sample)

  // `watch` gives a new object at each render: the pause is timed on the draft's text, which only an edit changes.
  const settledText = useDebounced(
    valid && draft.fields.length > 0 ? JSON.stringify(draft) : null,
    PREVIEW_PAUSE_MS,
  )
  const settled = useMemo(
    () => (settledText ? (JSON.parse(settledText) as TTemplateDraft) : null),
    [settledText],
  )
  const preview = useQuery({
    queryKey: [...templateQueries.all, 'preview', teamId, settled, sampleMail],
    queryFn: () =>
      fetchTemplatePreview({ teamId, template: settled as TTemplateDraft, sample: sampleMail ?? null }),
    enabled: !!settled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    // The last answer stays up while the next edit's runs: the grid does not blink at each pause.
    placeholderData: keepPreviousData,
  })
  // A server without the preview route answers 404: the page's grid is then all there is.
  const serverPreview: TTemplatePreviewResponse | undefined = preview.data
  const previewMissing = getErrorStatus(preview.error) === 404

  const edit = <K extends 'match' | 'fields' | 'testEmails'>(name: K, value: TTemplateDraft[K]) =>
    form.setValue(name, value as never, { shouldValidate: form.formState.isSubmitted })
  const setFields = (fields: TTemplateDraft['fields']) => edit('fields', fields)

  const saveSampleAsTest = () => {
    const run = serverPreview?.sample
    if (!sample || !sampleMail || !run) return
    const name = `#${sample.number} ${sample.subject}`.slice(0, TemplateLimits.name)
    edit('testEmails', [
      ...draft.testEmails.filter((test) => test.name !== name),
      { name, mail: sampleMail, expected: expectedValues(run) },
    ])
  }

  const submit = form.handleSubmit(async (saved) => {
    try {
      await save.mutateAsync({ teamId, templateId: template?.$id, template: saved })
    } catch (error) {
      form.setError('root', { message: getErrorMessage(error) })
      notifyError({ title: 'Could not save the template', description: getErrorMessage(error) })
      return
    }
    notifySuccess({ title: template ? 'Template saved' : 'Template created', description: saved.name })
    if (!template) form.reset(draftOf(undefined, templates))
    onDone?.()
  })

  return (
    <Form {...form}>
      <form
        noValidate
        className="grid gap-4"
        aria-label={template ? `Edit template ${template.name}` : 'New template'}
        onSubmit={submit}
      >
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem className="gap-1">
              <FormLabel>Template name</FormLabel>
              <FormControl>
                <Input maxLength={TemplateLimits.name} placeholder="Shop order confirmations" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium">Reads the mail whose (all that are set)</legend>
          {(Object.keys(MATCH_LABELS) as TMatchPart[]).map((part) => {
            const condition = draft.match[part]
            return (
              <div key={part} className="grid gap-2 sm:grid-cols-[8rem_10rem_minmax(0,1fr)] sm:items-center">
                <Label htmlFor={`${id}-${part}`}>{MATCH_LABELS[part]}</Label>
                <NativeSelect
                  aria-label={`${MATCH_LABELS[part]} match`}
                  value={condition?.mode ?? ''}
                  onChange={(event) =>
                    edit(
                      'match',
                      editMatch(draft.match, part, { mode: event.target.value as '' | 'contains' | 'regex' }),
                    )
                  }
                >
                  <option value="">Any</option>
                  <option value="contains">contains</option>
                  <option value="regex">matches (RE2)</option>
                </NativeSelect>
                <Input
                  id={`${id}-${part}`}
                  value={condition?.value ?? ''}
                  disabled={!condition}
                  maxLength={TemplateLimits.pattern}
                  onChange={(event) =>
                    edit('match', editMatch(draft.match, part, { value: event.target.value }))
                  }
                />
              </div>
            )
          })}
        </fieldset>
        {samples.error ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load recent emails: {getErrorMessage(samples.error)}
          </p>
        ) : !samples.data ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner />
            Loading recent emails...
          </p>
        ) : (
          <TemplateDraft
            samples={samples.data}
            sampleId={sampleId}
            onSampleChange={setSampleId}
            gridFields={gridFieldsOf(draft.fields)}
            onAddField={(selected) =>
              setFields([
                ...draft.fields.filter((kept) => kept.name.toLowerCase() !== selected.label.toLowerCase()),
                fieldFromSelection(selected),
              ])
            }
          >
            {draft.fields.length > 0 && (
              <div className="grid gap-3">
                {draft.fields.map((field, index) => (
                  <TemplateFieldEditor
                    // biome-ignore lint/suspicious/noArrayIndexKey: a field is renamed in place, so its name cannot key it
                    key={index}
                    field={field}
                    customFields={customFields}
                    problem={problems.fields.get(index)}
                    onChange={(next) =>
                      setFields(draft.fields.map((kept, at) => (at === index ? next : kept)))
                    }
                    onRemove={() => setFields(draft.fields.filter((_, at) => at !== index))}
                  />
                ))}
              </div>
            )}
          </TemplateDraft>
        )}
        {!previewMissing && settled && (
          <ServerPreview preview={preview} fields={draft.fields.map((field) => field.name)} />
        )}
        <section aria-label="Test emails" className="grid gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h4 className="text-sm font-semibold">Test emails ({draft.testEmails.length})</h4>
            {serverPreview?.sample && (
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={draft.testEmails.length >= TemplateLimits.testEmails}
                onClick={saveSampleAsTest}
              >
                Save the sample as a test email
              </Button>
            )}
          </div>
          <p className="text-sm text-muted-foreground">
            Each keeps the values the template gave it; a later edit that changes them fails it.
          </p>
          {draft.testEmails.length > 0 && (
            <ul className="grid gap-1">
              {draft.testEmails.map((test) => {
                const result = serverPreview?.regression.find((entry) => entry.name === test.name)
                return (
                  <li key={test.name} className="flex flex-wrap items-center gap-2 text-sm">
                    <span className="min-w-0 truncate font-medium">{test.name}</span>
                    {result && (
                      <Badge tone={result.passed ? 'green' : 'red'}>
                        {result.passed ? 'Passes' : 'Fails'}
                      </Badge>
                    )}
                    {result && !result.passed && (
                      <span className="text-destructive">{result.mismatches.join('; ')}</span>
                    )}
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove test email ${test.name}`}
                      onClick={() =>
                        edit(
                          'testEmails',
                          draft.testEmails.filter((kept) => kept.name !== test.name),
                        )
                      }
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </li>
                )
              })}
            </ul>
          )}
        </section>
        {problems.other.length > 0 && (
          <ul className="grid gap-1 text-sm text-destructive">
            {problems.other.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
        {draft.fields.length === 0 && (
          <p className="text-sm text-muted-foreground">
            A template needs at least one field: select a value in the sample email.
          </p>
        )}
        <FormFooter
          problem={saveError}
          submitting={form.formState.isSubmitting}
          disabled={!valid || draft.fields.length === 0}
          submitLabel={template ? 'Save template' : 'Create template'}
          onCancel={template ? onDone : undefined}
        />
      </form>
    </Form>
  )
}
