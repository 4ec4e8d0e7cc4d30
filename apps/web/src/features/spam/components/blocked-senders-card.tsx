import { SpamMessages } from '@parsedesk/contracts'
import { useBlockedSenders, useUnblockSender } from '../queries'
import { SenderListCard } from './sender-list-card'

/**
 * The senders a member blocked when marking their mail spam: their later mail is rejected and listed
 * with the reason in the kept mail. Owners and admins unblock.
 */
export function BlockedSendersCard({ teamId, canManage }: { teamId: string; canManage: boolean }) {
  const blocked = useBlockedSenders(teamId)
  const unblock = useUnblockSender(teamId)
  return (
    <SenderListCard
      title="Blocked senders"
      description={`Their mail is rejected and kept, with the reason, in Mail kept, not ticketed.${canManage ? '' : ` ${SpamMessages.notManager}.`}`}
      noun="blocked senders"
      empty="Nobody is blocked."
      removeLabel="Unblock"
      removeError="Could not unblock the sender"
      entries={blocked.data?.senders.map((sender) => ({
        $id: sender.$id,
        label: sender.kind === 'domain' ? `everyone at ${sender.value}` : sender.value,
      }))}
      query={blocked}
      remove={unblock}
      canManage={canManage}
    />
  )
}
