import { AlertTriangle } from 'lucide-react'
import { ConfirmDeleteButton } from '@/components/confirm-delete-button'
import { ResourceListCard } from '@/components/resource-list-card'
import { Badge } from '@/components/ui/badge'
import { OrderControls } from '@/features/rules/components/order-controls'
import { getErrorMessage } from '@/lib/errors'
import { notifyError } from '@/lib/notify'
import {
  type TTemplateDocument,
  useCustomFields,
  useDeleteTemplate,
  useTemplates,
  useUpdateTemplates,
} from '../queries'
import { healthWarning } from '../template-health'
import { TemplateForm } from './template-form'

/** A template's place in the order and its switch, its failures told. */
function TemplateControls({
  template,
  templates,
}: {
  template: TTemplateDocument
  templates: readonly TTemplateDocument[]
}) {
  const update = useUpdateTemplates()
  return (
    <OrderControls
      item={template}
      items={templates}
      noun="template"
      isPending={update.isPending}
      onChange={(changes) =>
        update.mutate(changes, {
          onError: (error) =>
            notifyError({ title: 'Could not change the template', description: getErrorMessage(error) }),
        })
      }
    />
  )
}

function describeMatch(template: TTemplateDocument): string {
  const parts = (['sender', 'subject', 'content'] as const).flatMap((part) => {
    const condition = template.match[part]
    if (!condition) return []
    const verb = condition.mode === 'regex' ? 'matches' : 'contains'
    return [`${part === 'sender' ? 'sender' : part} ${verb} “${condition.value}”`]
  })
  return parts.length ? `Reads mail whose ${parts.join(' and ')}` : 'Reads any mail no earlier template took'
}

/** The workspace's templates in the order they are tried, each with its fields and its health. */
export function TemplatesCard({ teamId, canManage }: { teamId: string; canManage: boolean }) {
  const list = useTemplates(teamId)
  const customFields = useCustomFields(teamId).data ?? []
  const remove = useDeleteTemplate()
  const templates = list.data ?? []
  return (
    <ResourceListCard
      noun={{ one: 'template', many: 'templates' }}
      description={{
        manage:
          'Each new mail is read by the first enabled template that matches it, in this order; the values it finds fill the ticket.',
        read: 'How values are read from incoming mail, in the order templates are tried. Only owners and admins can change templates.',
      }}
      list={list}
      canManage={canManage}
      details={(template) => {
        const warning = healthWarning(template.health)
        return (
          <div className="grid min-w-0 gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <p className="text-sm font-medium break-words">{template.name}</p>
              {!template.enabled && <Badge>Off</Badge>}
              {warning && <Badge tone="yellow">Needs a look</Badge>}
            </div>
            <p className="text-sm break-words text-muted-foreground">
              {describeMatch(template)}; fields: {template.fields.map((field) => field.name).join(', ')};{' '}
              {template.testEmails.length} test emails.
            </p>
            {warning && (
              <p role="status" className="flex items-start gap-2 text-sm text-amber-800 dark:text-amber-300">
                <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {warning}
              </p>
            )}
            {canManage && <TemplateControls template={template} templates={templates} />}
          </div>
        )
      }}
      form={(template, onDone) => (
        <TemplateForm
          teamId={teamId}
          templates={templates}
          customFields={customFields}
          template={template}
          onDone={onDone}
        />
      )}
      deleteButton={(template) => (
        <ConfirmDeleteButton
          noun="template"
          name={template.name}
          consequence="Tickets keep the values it already read; new mail is read by the other templates."
          onDelete={() => remove.mutateAsync(template.$id)}
        />
      )}
    />
  )
}
