import { ResourceListCard } from '@/components/resource-list-card'
import { describeActions, type TMacroMember } from '../macro-preview'
import { useMacros } from '../queries'
import { DeleteMacroButton } from './delete-macro-button'
import { MacroForm } from './macro-form'

type TMacrosCardProps = {
  teamId: string
  /** The workspace's confirmed members, whom a macro may assign tickets to. */
  members: TMacroMember[]
  /** The member looking: placeholders' agent in the preview. */
  agent: { id: string; name: string }
  /** Owners and admins manage macros; agents read them (the server enforces it). */
  canManage: boolean
}

/** Canned replies with the ticket changes that come with them; agents apply them from the composer. */
export function MacrosCard({ teamId, members, agent, canManage }: TMacrosCardProps) {
  return (
    <ResourceListCard
      noun={{ one: 'macro', many: 'macros' }}
      description={{
        manage:
          'Canned replies: text with placeholders, and the status, tags and assignee they set when applied.',
        read: 'Canned replies to apply from a ticket. Only owners and admins can change them.',
      }}
      list={useMacros(teamId)}
      canManage={canManage}
      details={(macro) => (
        <div className="grid min-w-0 gap-1">
          <p className="text-sm font-medium break-words">{macro.name}</p>
          {macro.body && (
            <p className="line-clamp-3 text-sm break-words whitespace-pre-wrap text-muted-foreground">
              {macro.body}
            </p>
          )}
          <p className="text-xs text-muted-foreground">{describeActions(macro, members)}</p>
        </div>
      )}
      form={(macro, onDone) => (
        <MacroForm teamId={teamId} members={members} agent={agent} macro={macro} onDone={onDone} />
      )}
      deleteButton={(macro) => <DeleteMacroButton macro={macro} />}
    />
  )
}
