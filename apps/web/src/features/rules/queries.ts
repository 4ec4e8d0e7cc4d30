import {
  CollectionId,
  DATABASE_ID,
  RuleLimits,
  type TRuleAttributes,
  type TRuleDraft,
  type TRuleDryRunResult,
  ZRuleDryRunResult,
  ZRuleWebhookSecret,
} from '@parsedesk/contracts'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ID, type Models, Query } from 'appwrite'
import { client, databases } from '@/lib/appwrite'

/** A rule as members read it: the webhook's secret is for managers and not shown here. */
export type TRuleDocument = Models.Document & Omit<TRuleAttributes, 'webhookSecret'>

const RULES = { databaseId: DATABASE_ID, collectionId: CollectionId.rules }
const JSON_HEADERS = { 'content-type': 'application/json' }

// The dry run is our route beside Appwrite's (decision 051): the SDK has no method for it, so call().
const dryRunUrl = (teamId: string) =>
  new URL(`${client.config.endpoint}/workspaces/${encodeURIComponent(teamId)}/rules/dry-run`)

export const ruleQueries = {
  all: ['rules'] as const,
  /** A workspace's rules in the order they run: position, then age (ties from before an explicit move). */
  list: (teamId: string | undefined) =>
    queryOptions({
      queryKey: [...ruleQueries.all, teamId],
      queryFn: async () =>
        (
          await databases.listDocuments<TRuleDocument>({
            ...RULES,
            queries: [
              Query.equal('teamId', teamId as string),
              Query.orderAsc('position'),
              Query.orderAsc('$createdAt'),
              Query.limit(RuleLimits.rulesPerWorkspace),
            ],
          })
        ).documents,
      enabled: !!teamId,
    }),
}

export function useRules(teamId: string | undefined) {
  return useQuery(ruleQueries.list(teamId))
}

/** Creates a rule in `teamId` (last in the order), or changes the rule `ruleId` names. */
export function useSaveRule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ teamId, ruleId, rule }: { teamId: string; ruleId?: string; rule: TRuleDraft }) =>
      ruleId
        ? databases.updateDocument({ ...RULES, documentId: ruleId, data: rule })
        : databases.createDocument({ ...RULES, documentId: ID.unique(), data: { ...rule, teamId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ruleQueries.all }),
  })
}

/** Writes a few rules' fields at once: a move writes two positions, a switch one `enabled`. */
export function useUpdateRules() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (
      changes: { id: string; data: Partial<Pick<TRuleAttributes, 'position' | 'enabled' | 'stopHere'>> }[],
    ) =>
      Promise.all(
        changes.map(({ id, data }) => databases.updateDocument({ ...RULES, documentId: id, data })),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ruleQueries.all }),
  })
}

export function useDeleteRule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (ruleId: string) => databases.deleteDocument({ ...RULES, documentId: ruleId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ruleQueries.all }),
  })
}

/** The draft against the last days' tickets: how many it would match, and the newest of them. */
export function useDryRun() {
  return useMutation({
    mutationFn: async ({ teamId, rule }: { teamId: string; rule: TRuleDraft }): Promise<TRuleDryRunResult> =>
      ZRuleDryRunResult.parse(await client.call('post', dryRunUrl(teamId), JSON_HEADERS, { rule })),
  })
}

/** A new signing secret for the rule's webhooks (decision 065): answered this once, never read back. */
export function useNewWebhookSecret() {
  return useMutation({
    mutationFn: async ({ teamId, ruleId }: { teamId: string; ruleId: string }) =>
      ZRuleWebhookSecret.parse(
        await client.call(
          'post',
          new URL(
            `${client.config.endpoint}/workspaces/${encodeURIComponent(teamId)}/rules/${encodeURIComponent(ruleId)}/webhook-secret`,
          ),
          JSON_HEADERS,
        ),
      ).secret,
  })
}
