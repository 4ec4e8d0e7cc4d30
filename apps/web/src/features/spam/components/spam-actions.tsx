import { CategoryKey, SpamBlock, type TSpamBlock } from '@parsedesk/contracts'
import { Ban, ShieldAlert, ShieldCheck } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import type { TSpamReasonTicket } from '../spam-reason'
import { useSpamCommands } from '../use-spam-commands'
import { SpamBadge } from './spam-badge'

type TSpamTicket = { $id: string; email: string } & TSpamReasonTicket

/**
 * Spam in one action: "Mark spam" (closed, out of the open views), "Mark spam and block sender" (its
 * address or its domain; a later mail from it is rejected in the mailbox's records), and on a spam ticket
 * "Not spam", which opens it again with its own category.
 */
export function SpamActions({ ticket }: { ticket: TSpamTicket }) {
  const selectId = useId()
  const { mark, undo, domain, isMarking, isUndoing, isPending } = useSpamCommands(ticket)
  const [blockKind, setBlockKind] = useState<Exclude<TSpamBlock, 'none'>>(SpamBlock.address)

  if (ticket.category === CategoryKey.spam) {
    return (
      <div data-testid="spam-actions" className="flex flex-wrap items-center gap-2">
        <SpamBadge ticket={ticket} />
        <Button type="button" variant="outline" size="sm" disabled={isPending} onClick={() => void undo()}>
          {isUndoing ? <Spinner /> : <ShieldCheck aria-hidden="true" />}
          Not spam
        </Button>
      </div>
    )
  }
  return (
    <div data-testid="spam-actions" className="flex flex-wrap items-center gap-2">
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={isPending}
        onClick={() => void mark('none')}
      >
        {isMarking ? <Spinner /> : <ShieldAlert aria-hidden="true" />}
        Mark spam
      </Button>
      {domain && (
        <>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={isPending}
            onClick={() => void mark(blockKind)}
          >
            <Ban aria-hidden="true" />
            Mark spam and block sender
          </Button>
          <label htmlFor={selectId} className="sr-only">
            What to block
          </label>
          <NativeSelect
            id={selectId}
            value={blockKind}
            disabled={isPending}
            onChange={(event) => setBlockKind(event.target.value as Exclude<TSpamBlock, 'none'>)}
            className="h-8 w-auto text-sm"
          >
            <option value={SpamBlock.address}>{ticket.email.toLowerCase()}</option>
            <option value={SpamBlock.domain}>everyone at {domain}</option>
          </NativeSelect>
        </>
      )}
    </div>
  )
}
