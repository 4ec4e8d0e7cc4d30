import {
  CollectionId,
  DATABASE_ID,
  MacroLimits,
  type TMacro,
  type TMacroAttributes,
} from '@parsedesk/contracts'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ID, type Models, Query } from 'appwrite'
import { databases } from '@/lib/appwrite'

export type TMacroDocument = Models.Document & TMacroAttributes

const MACROS = { databaseId: DATABASE_ID, collectionId: CollectionId.macros }

/** The one cache entry per workspace for its macros, read by the settings card and the composer alike. */
export const macroQueries = {
  all: ['macros'] as const,
  /** A workspace's macros by name: the settings card lists them, the composer offers them. */
  list: (teamId: string | undefined) =>
    queryOptions({
      queryKey: [...macroQueries.all, teamId],
      queryFn: async () =>
        (
          await databases.listDocuments<TMacroDocument>({
            ...MACROS,
            queries: [
              Query.equal('teamId', teamId as string),
              Query.orderAsc('name'),
              Query.limit(MacroLimits.macrosPerWorkspace),
            ],
          })
        ).documents,
      enabled: !!teamId,
    }),
}

export function useMacros(teamId: string | undefined) {
  return useQuery(macroQueries.list(teamId))
}

/** Creates a macro in `teamId`, or changes the macro `macroId` names. */
export function useSaveMacro() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ teamId, macroId, macro }: { teamId: string; macroId?: string; macro: TMacro }) =>
      macroId
        ? databases.updateDocument({ ...MACROS, documentId: macroId, data: macro })
        : databases.createDocument({ ...MACROS, documentId: ID.unique(), data: { ...macro, teamId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: macroQueries.all }),
  })
}

export function useDeleteMacro() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (macroId: string) => databases.deleteDocument({ ...MACROS, documentId: macroId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: macroQueries.all }),
  })
}
