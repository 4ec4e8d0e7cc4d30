import {
  BusinessHoursLimits,
  CollectionId,
  DATABASE_ID,
  SlaPolicyLimits,
  type TBusinessHoursAttributes,
  type TBusinessHoursCreate,
  type TSlaPolicyAttributes,
  type TSlaPolicyCreate,
} from '@parsedesk/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ID, type Models, Query } from 'appwrite'
import { client, databases } from '@/lib/appwrite'

export type TScheduleDocument = Models.Document & TBusinessHoursAttributes
export type TPolicyDocument = Models.Document & TSlaPolicyAttributes

const SCHEDULES = { databaseId: DATABASE_ID, collectionId: CollectionId.businessHours }
const POLICIES = { databaseId: DATABASE_ID, collectionId: CollectionId.slaPolicies }
const slaSettingsKey = ['sla-settings'] as const

/** A workspace's business-hours schedules (decision 054): its default and one per group. */
export function useSchedules(teamId: string) {
  return useQuery({
    queryKey: [...slaSettingsKey, 'schedules', teamId],
    queryFn: async () =>
      (
        await databases.listDocuments<TScheduleDocument>({
          ...SCHEDULES,
          queries: [
            Query.equal('teamId', teamId),
            Query.orderAsc('name'),
            Query.limit(BusinessHoursLimits.perWorkspace),
          ],
        })
      ).documents,
  })
}

/** A workspace's SLA policies in their order: the first matching a ticket applies. */
export function usePolicies(teamId: string) {
  return useQuery({
    queryKey: [...slaSettingsKey, 'policies', teamId],
    queryFn: async () =>
      (
        await databases.listDocuments<TPolicyDocument>({
          ...POLICIES,
          queries: [
            Query.equal('teamId', teamId),
            Query.orderAsc('position'),
            Query.limit(SlaPolicyLimits.perWorkspace),
          ],
        })
      ).documents,
  })
}

function useSaveDocument<T extends object>(collection: typeof SCHEDULES | typeof POLICIES) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ teamId, documentId, data }: { teamId: string; documentId?: string; data: T }) =>
      documentId
        ? databases.updateDocument({ ...collection, documentId, data })
        : databases.createDocument({ ...collection, documentId: ID.unique(), data: { ...data, teamId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: slaSettingsKey }),
  })
}

function useDeleteDocument(collection: typeof SCHEDULES | typeof POLICIES) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (documentId: string) => databases.deleteDocument({ ...collection, documentId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: slaSettingsKey }),
  })
}

export const useSaveSchedule = () => useSaveDocument<Omit<TBusinessHoursCreate, 'teamId'>>(SCHEDULES)
export const useDeleteSchedule = () => useDeleteDocument(SCHEDULES)
export const useSavePolicy = () => useSaveDocument<Omit<TSlaPolicyCreate, 'teamId'>>(POLICIES)
export const useDeletePolicy = () => useDeleteDocument(POLICIES)

/** The holiday dates of an iCal file, read by the server (`POST /v1/sla/holidays/ical`); nothing is saved. */
export async function readIcalHolidays(ics: string): Promise<string[]> {
  const answer = (await client.call(
    'post',
    new URL(`${client.config.endpoint}/sla/holidays/ical`),
    { 'content-type': 'application/json' },
    { ics },
  )) as { holidays: string[] }
  return answer.holidays
}
