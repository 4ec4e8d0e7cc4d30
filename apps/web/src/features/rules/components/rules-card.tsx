import { lintRules } from '@parsedesk/contracts'
import { ConfirmDeleteButton } from '@/components/confirm-delete-button'
import { ResourceListCard } from '@/components/resource-list-card'
import { Badge } from '@/components/ui/badge'
import { useCategoryName, useWorkspaceCategories } from '@/features/categories/queries'
import { useGroups } from '@/features/groups/queries'
import { getErrorMessage } from '@/lib/errors'
import { notifyError } from '@/lib/notify'
import { type TRuleDocument, useDeleteRule, useRules, useUpdateRules } from '../queries'
import { describeRule, ruleNames } from '../rule-sentence'
import type { TChoice } from './actions-editor'
import { OrderControls } from './order-controls'
import { KIND_LABELS, RuleForm } from './rule-form'

type TRulesCardProps = {
  teamId: string
  /** The workspace's confirmed members, whom a rule may assign tickets to. */
  members: readonly { userId: string; name: string }[]
  /** Owners and admins write rules; agents read them (the server enforces it). */
  canManage: boolean
}

/** A rule's place in the order and its switch, its failures told. */
function RuleControls({ rule, rules }: { rule: TRuleDocument; rules: readonly TRuleDocument[] }) {
  const update = useUpdateRules()
  return (
    <OrderControls
      item={rule}
      items={rules}
      noun="rule"
      isPending={update.isPending}
      onChange={(changes) =>
        update.mutate(changes, {
          onError: (error) =>
            notifyError({ title: 'Could not change the rule', description: getErrorMessage(error) }),
        })
      }
    />
  )
}

export function RulesCard({ teamId, members: people, canManage }: TRulesCardProps) {
  const list = useRules(teamId)
  const members: TChoice[] = people.map((member) => ({ id: member.userId, name: member.name }))
  const groups: TChoice[] = (useGroups(teamId).data ?? []).map((group) => ({
    id: group.$id,
    name: group.name,
  }))
  const category = useCategoryName(teamId)
  const categories: TChoice[] = (useWorkspaceCategories(teamId).data?.categories ?? []).map((entry) => ({
    id: entry.key,
    name: entry.name,
  }))
  const remove = useDeleteRule()
  const rules = list.data ?? []
  const names = ruleNames({ members, groups, category })
  const warnings = lintRules(rules.map((rule) => ({ ...rule, id: rule.$id })))
  return (
    <div className="grid gap-4">
      {warnings.length > 0 && (
        <ul
          aria-label="Rule warnings"
          className="grid gap-1 rounded-md border border-amber-300 p-3 text-sm text-amber-800 dark:text-amber-300"
        >
          {warnings.map((warning) => (
            <li key={`${warning.kind}:${warning.ruleIds.join()}`}>{warning.message}</li>
          ))}
        </ul>
      )}
      <ResourceListCard
        noun={{ one: 'rule', many: 'rules' }}
        description={{
          manage:
            'Rules run in this order on new, updated or waiting tickets; each is read back as a sentence.',
          read: 'What the desk does by itself, in the order it runs. Only owners and admins can change rules.',
        }}
        list={list}
        canManage={canManage}
        details={(rule) => (
          <div className="grid min-w-0 gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <p className="text-sm font-medium break-words">{rule.name}</p>
              <Badge>{KIND_LABELS[rule.kind]}</Badge>
              {!rule.enabled && <Badge>Off</Badge>}
              {rule.stopHere && <Badge>Stops here</Badge>}
            </div>
            <p className="text-sm break-words text-muted-foreground">{describeRule(rule, names)}</p>
            {canManage && <RuleControls rule={rule} rules={rules} />}
          </div>
        )}
        form={(rule, onDone) => (
          <RuleForm
            teamId={teamId}
            rules={rules}
            names={names}
            groups={groups}
            members={members}
            categories={categories}
            rule={rule}
            onDone={onDone}
          />
        )}
        deleteButton={(rule) => (
          <ConfirmDeleteButton
            noun="rule"
            name={rule.name}
            consequence="What it already did to tickets stays, and their timelines still explain it."
            onDelete={() => remove.mutateAsync(rule.$id)}
          />
        )}
      />
    </div>
  )
}
