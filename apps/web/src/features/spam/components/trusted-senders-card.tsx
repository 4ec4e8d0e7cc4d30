import { SpamMessages } from '@parsedesk/contracts'
import { useForgetTrustedSender, useTrustedSenders } from '../queries'
import { SenderListCard } from './sender-list-card'

/**
 * The senders a member marked "not spam": the workspace learned from it, and their later mail is not
 * filed as spam unless it fails DMARC. Owners and admins forget them.
 */
export function TrustedSendersCard({ teamId, canManage }: { teamId: string; canManage: boolean }) {
  const trusted = useTrustedSenders(teamId)
  const forget = useForgetTrustedSender(teamId)
  return (
    <SenderListCard
      title="Senders marked not spam"
      description={`Their later mail is never filed as spam, unless it fails DMARC (its sender may be forged).${canManage ? '' : ` ${SpamMessages.notManagerToForget}.`}`}
      noun="senders marked not spam"
      empty="No sender has been marked not spam."
      removeLabel="Forget"
      removeError="Could not forget the sender"
      entries={trusted.data?.senders.map((sender) => ({ $id: sender.$id, label: sender.address }))}
      query={trusted}
      remove={forget}
      canManage={canManage}
    />
  )
}
