import {
  CollectionId,
  DATABASE_ID,
  type TCustomFieldAttributes,
  type TCustomFieldCreate,
  type TCustomFieldUpdate,
  TemplateLimits,
  type TSampleMail,
  type TTemplateAttributes,
  type TTemplateDraft,
  type TTemplatePreviewResponse,
  type TTemplateUpdate,
} from '@parsedesk/contracts'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ID, type Models, Query } from 'appwrite'
import { client, databases } from '@/lib/appwrite'

/** How many recent emails the editor offers as a sample: enough to find one of each layout. */
export const SAMPLE_CHOICES = 20

/** A ticket's first email as the editor shows it: the ticket carries it (later messages are elsewhere). */
export type TSampleEmail = Models.Document & { number: number; email: string; subject: string; body: string }

export type TCustomFieldDocument = Models.Document & TCustomFieldAttributes
export type TTemplateDocument = Models.Document & TTemplateAttributes

const CUSTOM_FIELDS = { databaseId: DATABASE_ID, collectionId: CollectionId.customFields }
const TEMPLATES = { databaseId: DATABASE_ID, collectionId: CollectionId.templates }
const JSON_HEADERS = { 'content-type': 'application/json' }

export const templateQueries = {
  all: ['templates'] as const,
  /** The workspace's newest tickets' first emails, to pick a sample from. */
  samples: (teamId: string | undefined) =>
    queryOptions({
      queryKey: [...templateQueries.all, 'samples', teamId],
      queryFn: async () =>
        (
          await databases.listDocuments<TSampleEmail>({
            databaseId: DATABASE_ID,
            collectionId: CollectionId.tickets,
            queries: [
              Query.equal('teamId', teamId as string),
              Query.isNull('mergedIntoId'),
              Query.orderDesc('$createdAt'),
              Query.limit(SAMPLE_CHOICES),
              Query.select(['$id', 'number', 'email', 'subject', 'body']),
            ],
          })
        ).documents,
      enabled: !!teamId,
    }),
  /** A workspace's templates in the order they are tried: position, then age. */
  list: (teamId: string | undefined) =>
    queryOptions({
      queryKey: [...templateQueries.all, 'list', teamId],
      queryFn: async () =>
        (
          await databases.listDocuments<TTemplateDocument>({
            ...TEMPLATES,
            queries: [
              Query.equal('teamId', teamId as string),
              Query.orderAsc('position'),
              Query.orderAsc('$createdAt'),
              Query.limit(TemplateLimits.templatesPerWorkspace),
            ],
          })
        ).documents,
      enabled: !!teamId,
    }),
}

export const customFieldQueries = {
  all: ['custom-fields'] as const,
  /** A workspace's custom fields by label: the settings section, the ticket panel and the editor read them. */
  list: (teamId: string | undefined) =>
    queryOptions({
      queryKey: [...customFieldQueries.all, teamId],
      queryFn: async () =>
        (
          await databases.listDocuments<TCustomFieldDocument>({
            ...CUSTOM_FIELDS,
            queries: [
              Query.equal('teamId', teamId as string),
              Query.orderAsc('label'),
              Query.limit(TemplateLimits.customFieldsPerWorkspace),
            ],
          })
        ).documents,
      enabled: !!teamId,
    }),
}

export function useSampleEmails(teamId: string | undefined) {
  return useQuery(templateQueries.samples(teamId))
}

export function useTemplates(teamId: string | undefined) {
  return useQuery(templateQueries.list(teamId))
}

export function useCustomFields(teamId: string | undefined) {
  return useQuery(customFieldQueries.list(teamId))
}

/** Creates a custom field in `teamId`, or changes the one `fieldId` names (its key and type stay). */
export function useSaveCustomField() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (
      input:
        | { teamId: string; fieldId?: undefined; field: TCustomFieldCreate }
        | { teamId: string; fieldId: string; field: TCustomFieldUpdate },
    ) =>
      input.fieldId
        ? databases.updateDocument({ ...CUSTOM_FIELDS, documentId: input.fieldId, data: input.field })
        : databases.createDocument({
            ...CUSTOM_FIELDS,
            documentId: ID.unique(),
            data: { ...input.field, teamId: input.teamId },
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: customFieldQueries.all }),
  })
}

export function useDeleteCustomField() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (fieldId: string) => databases.deleteDocument({ ...CUSTOM_FIELDS, documentId: fieldId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: customFieldQueries.all }),
  })
}

/** Creates a template in `teamId` (last in the order), or changes the one `templateId` names. */
export function useSaveTemplate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({
      teamId,
      templateId,
      template,
    }: {
      teamId: string
      templateId?: string
      template: TTemplateDraft
    }) =>
      templateId
        ? databases.updateDocument({ ...TEMPLATES, documentId: templateId, data: template })
        : databases.createDocument({ ...TEMPLATES, documentId: ID.unique(), data: { ...template, teamId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: templateQueries.all }),
  })
}

/** Writes a few templates' fields at once: a move writes two positions, a switch one `enabled`. */
export function useUpdateTemplates() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (changes: { id: string; data: TTemplateUpdate }[]) =>
      Promise.all(
        changes.map(({ id, data }) => databases.updateDocument({ ...TEMPLATES, documentId: id, data })),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: templateQueries.all }),
  })
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (templateId: string) => databases.deleteDocument({ ...TEMPLATES, documentId: templateId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: templateQueries.all }),
  })
}

// The preview is our route beside Appwrite's (decision 053): the SDK has no method for it, so call().
const previewUrl = () => new URL(`${client.config.endpoint}/templates/preview`)

/** The server's run of a draft over a sample mail, the mailbox's recent mail and its saved test emails. */
export async function fetchTemplatePreview(input: {
  teamId: string
  template: TTemplateDraft
  sample: TSampleMail | null
}): Promise<TTemplatePreviewResponse> {
  return client.call('post', previewUrl(), JSON_HEADERS, {
    teamId: input.teamId,
    template: input.template,
    sample: input.sample && { kind: 'mail', mail: input.sample },
    recent: true,
  })
}
