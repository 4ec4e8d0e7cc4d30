import { zodResolver } from '@hookform/resolvers/zod'
import {
  CUSTOM_FIELD_TYPES,
  CustomFieldType,
  DATE_FORMATS,
  type TCustomFieldType,
  type TDateFormat,
  TemplateLimits,
  ZCustomFieldCreate,
  ZCustomFieldUpdate,
} from '@parsedesk/contracts'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form'
import { ConfirmDeleteButton } from '@/components/confirm-delete-button'
import { FormFooter } from '@/components/form-footer'
import { ResourceListCard } from '@/components/resource-list-card'
import { Badge } from '@/components/ui/badge'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { Textarea } from '@/components/ui/textarea'
import { getErrorMessage } from '@/lib/errors'
import { notifyError, notifySuccess } from '@/lib/notify'
import {
  customFieldQueries,
  type TCustomFieldDocument,
  useDeleteCustomField,
  useSaveCustomField,
} from '../queries'
import { proposeKey } from '../selection-anchors'
import { optionsText, parseOptions } from '../template-fields'
import { TYPE_LABELS } from './template-field-editor'

type TNamedField = TCustomFieldDocument & { name: string }

/** The form's inputs: the options as the admin types them, one a line. */
type TFields = {
  label: string
  key: string
  type: TCustomFieldType
  dateFormat: TDateFormat
  options: string
  shown: boolean
}

/** What the contract checks: a date's format and a choice's options only for those types. */
function shapeOf(values: TFields) {
  return {
    label: values.label,
    dateFormat: values.type === CustomFieldType.date ? values.dateFormat : null,
    options: values.type === CustomFieldType.choice ? parseOptions(values.options) : [],
    shown: values.shown,
  }
}

function fieldsOf(field: TCustomFieldDocument | undefined): TFields {
  return {
    label: field?.label ?? '',
    key: field?.key ?? '',
    type: field?.type ?? CustomFieldType.text,
    dateFormat: field?.dateFormat ?? 'YYYY-MM-DD',
    options: optionsText(field?.options ?? []),
    shown: field?.shown ?? true,
  }
}

function CustomFieldForm({
  teamId,
  field,
  onDone,
}: {
  teamId: string
  field?: TCustomFieldDocument
  onDone?: () => void
}) {
  const save = useSaveCustomField()
  const [keyEdited, setKeyEdited] = useState(false)
  // A new field is checked whole; a saved one only in what may change (its key and type are fixed). The
  // contract's schema only judges: a valid form submits its own inputs, which `submit` shapes.
  const resolver: Resolver<TFields> = async (values, context, options) => {
    const checked = field
      ? await zodResolver(ZCustomFieldUpdate)(shapeOf(values), context, options as never)
      : await zodResolver(ZCustomFieldCreate)(
          { ...shapeOf(values), key: values.key, type: values.type },
          context,
          options as never,
        )
    return Object.keys(checked.errors).length === 0
      ? { values, errors: {} }
      : { values: {}, errors: checked.errors as FieldErrors<TFields> }
  }
  const form = useForm<TFields>({ resolver, defaultValues: fieldsOf(field) })
  const type = form.watch('type')
  const problem = form.formState.errors.root?.message

  const submit = form.handleSubmit(async (values) => {
    const shape = shapeOf(values)
    try {
      if (field) await save.mutateAsync({ teamId, fieldId: field.$id, field: shape })
      else await save.mutateAsync({ teamId, field: { ...shape, key: values.key, type: values.type } })
    } catch (error) {
      form.setError('root', { message: getErrorMessage(error) })
      notifyError({ title: 'Could not save the custom field', description: getErrorMessage(error) })
      return
    }
    notifySuccess({ title: field ? 'Custom field saved' : 'Custom field created', description: values.label })
    if (!field) {
      form.reset({
        ...fieldsOf(undefined),
        type: values.type,
        dateFormat: values.dateFormat,
        shown: values.shown,
      })
      setKeyEdited(false)
    }
    onDone?.()
  })

  return (
    <Form {...form}>
      <form
        noValidate
        aria-label={field ? `Edit custom field ${field.label}` : 'New custom field'}
        className="grid gap-3"
        onSubmit={submit}
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="label"
            render={({ field: input }) => (
              <FormItem className="gap-1">
                <FormLabel>Label</FormLabel>
                <FormControl>
                  <Input
                    maxLength={TemplateLimits.fieldLabel}
                    placeholder="Order number"
                    {...input}
                    onChange={(event) => {
                      input.onChange(event)
                      if (!field && !keyEdited)
                        form.setValue('key', proposeKey(event.target.value), {
                          shouldValidate: form.formState.isSubmitted,
                        })
                    }}
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="key"
            render={({ field: input }) => (
              <FormItem className="gap-1">
                <FormLabel>Key (rules and the API name it by this)</FormLabel>
                <FormControl>
                  <Input
                    maxLength={TemplateLimits.fieldKey}
                    {...input}
                    disabled={!!field}
                    onChange={(event) => {
                      input.onChange(event)
                      setKeyEdited(true)
                    }}
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="type"
            render={({ field: input }) => (
              <FormItem className="gap-1">
                <FormLabel>Type</FormLabel>
                <FormControl>
                  <NativeSelect {...input} disabled={!!field}>
                    {CUSTOM_FIELD_TYPES.map((value) => (
                      <option key={value} value={value}>
                        {TYPE_LABELS[value]}
                      </option>
                    ))}
                  </NativeSelect>
                </FormControl>
              </FormItem>
            )}
          />
          {type === CustomFieldType.date && (
            <FormField
              control={form.control}
              name="dateFormat"
              render={({ field: input }) => (
                <FormItem className="gap-1">
                  <FormLabel>Date format</FormLabel>
                  <FormControl>
                    <NativeSelect {...input}>
                      {DATE_FORMATS.map((format) => (
                        <option key={format} value={format}>
                          {format}
                        </option>
                      ))}
                    </NativeSelect>
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          )}
          {type === CustomFieldType.choice && (
            <FormField
              control={form.control}
              name="options"
              render={({ field: input }) => (
                <FormItem className="gap-1 sm:col-span-2">
                  <FormLabel>Options, one a line: value: synonym, synonym</FormLabel>
                  <FormControl>
                    <Textarea rows={3} placeholder={'gold: premium, vip\nsilver'} {...input} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          )}
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input type="checkbox" {...form.register('shown')} />
            Shown in the ticket list’s filters
          </label>
        </div>
        <FormFooter
          problem={problem}
          submitting={form.formState.isSubmitting}
          submitLabel={field ? 'Save custom field' : 'Add custom field'}
          onCancel={field ? onDone : undefined}
          size="sm"
        />
      </form>
    </Form>
  )
}

/** The workspace's typed ticket fields: templates fill them, members edit them on the ticket. */
export function CustomFieldsCard({ teamId, canManage }: { teamId: string; canManage: boolean }) {
  const list = useQuery({
    ...customFieldQueries.list(teamId),
    select: (fields): TNamedField[] => fields.map((field) => ({ ...field, name: field.label })),
  })
  const remove = useDeleteCustomField()
  return (
    <ResourceListCard
      noun={{ one: 'custom field', many: 'custom fields' }}
      description={{
        manage:
          'Typed fields every ticket of this workspace carries; templates fill them, members edit them.',
        read: 'Typed fields every ticket carries. Only owners and admins can change them.',
      }}
      list={list}
      canManage={canManage}
      details={(field) => (
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-sm font-medium break-words">{field.label}</p>
            <Badge>{TYPE_LABELS[field.type]}</Badge>
            {field.shown && <Badge tone="blue">In filters</Badge>}
          </div>
          <p className="text-sm break-words text-muted-foreground">
            <code>customFields.{field.key}</code>
            {field.dateFormat && ` · written as ${field.dateFormat}`}
            {field.options.length > 0 &&
              ` · ${field.options
                .map((option) =>
                  option.synonyms.length ? `${option.value} (${option.synonyms.join(', ')})` : option.value,
                )
                .join(', ')}`}
          </p>
        </div>
      )}
      form={(field, onDone) => <CustomFieldForm teamId={teamId} field={field} onDone={onDone} />}
      deleteButton={(field) => (
        <ConfirmDeleteButton
          noun="custom field"
          name={field.label}
          consequence="Templates that fill it must be changed first; tickets keep the values they hold."
          onDelete={() => remove.mutateAsync(field.$id)}
        />
      )}
    />
  )
}
