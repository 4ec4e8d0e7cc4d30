import { TicketEventType, ZRuleEvaluation, ZRuleMisses } from '@parsedesk/contracts'
import { Lock, Mail, Reply, ShieldAlert, Sparkles, UserRound, Workflow, X } from 'lucide-react'
import { type ReactNode, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { AttachmentList } from '@/features/mailbox/components/attachment-list'
import type { groupAttachments } from '@/features/mailbox/mailbox-model'
import { explainRuleEvaluation, explainRuleMisses } from '@/features/rules/rule-explanation'
import { HtmlBodyFrame } from '@/features/tickets/components/html-body-frame'
import { findHtmlBody } from '@/features/tickets/raw-json'
import { getErrorMessage } from '@/lib/errors'
import { formatTicketDate } from '@/lib/format-date'
import { cn } from '@/lib/utils'
import { deliveryDisplay } from '../delivery-state'
import { actorName, copiesAddedByMail, describeEvent, type TNames } from '../event-wording'
import { canSplit } from '../merge-split'
import type { TConversationMessage, TTicketEventDocument, TTicketPageDocument } from '../ticket-page-model'
import { ticketPath } from '../ticket-path'
import { buildTimeline, newestFirst, type TTimelineItem } from '../timeline'
import { SplitButton } from './split-button'

type TFiles = ReturnType<typeof groupAttachments>

function When({ at }: { at: string }) {
  return (
    <time dateTime={at} className="shrink-0 text-xs text-muted-foreground">
      {formatTicketDate(at)}
    </time>
  )
}

/**
 * A message's text. Its HTML (a customer's from the stored source, a member's formatted reply or note) is
 * only ever shown sanitised in the sandboxed frame; without HTML, the text, as text.
 */
function MailBody({
  text,
  rawJson,
  html: ownHtml,
}: {
  text: string
  rawJson: unknown
  html?: string | null
}) {
  const html = useMemo(() => ownHtml || findHtmlBody(rawJson), [ownHtml, rawJson])
  if (html) return <HtmlBodyFrame html={html} />
  return <div className="text-sm break-words whitespace-pre-wrap">{text}</div>
}

function Card({
  tone,
  icon,
  title,
  at,
  badge,
  action,
  children,
}: {
  tone: 'mail' | 'reply' | 'note'
  icon: ReactNode
  title: ReactNode
  at: string
  badge?: ReactNode
  /** What an agent can do with this entry, beside its time. */
  action?: ReactNode
  children: ReactNode
}) {
  return (
    <article
      className={cn(
        'grid min-w-0 gap-2 rounded-lg border p-3 sm:p-4',
        tone === 'mail' && 'bg-card',
        tone === 'reply' && 'border-primary/20 bg-accent/40',
        tone === 'note' && 'border-yellow-300 bg-yellow-50',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm">
        <span className="flex min-w-0 items-center gap-2 font-medium">
          {icon}
          <span className="min-w-0 break-all">{title}</span>
          {badge}
        </span>
        <span className="flex items-center gap-2">
          <When at={at} />
          {action}
        </span>
      </div>
      {children}
    </article>
  )
}

function messageTime(message: TConversationMessage): string {
  return message.sentAt ?? message.$createdAt
}

/** Takes an address off the ticket's CC; the page saves the ticket's new list. */
type TRemoveCopy = (address: string) => Promise<unknown>

function TimelineEntry({
  item,
  ticket,
  files,
  names,
  onRemoveCopy,
}: {
  item: TTimelineItem
  ticket: TTicketPageDocument
  files: TFiles
  names: TNames
  onRemoveCopy: TRemoveCopy
}) {
  switch (item.kind) {
    case 'first-mail':
      return (
        <Card
          tone="mail"
          icon={<Mail aria-hidden="true" className="size-4 text-muted-foreground" />}
          title={ticket.email}
          at={item.at}
        >
          <MailBody text={ticket.body} rawJson={ticket.rawJson} />
          <AttachmentList files={files.ofTicket} label="Attachments of the first email" />
        </Card>
      )
    case 'mail':
      return (
        <Card
          tone="mail"
          icon={<Mail aria-hidden="true" className="size-4 text-muted-foreground" />}
          title={item.message.from}
          at={messageTime(item.message)}
          action={
            canSplit(item.message) && <SplitButton message={item.message} ticketNumber={ticket.number} />
          }
        >
          {item.message.subject && (
            <p className="text-xs break-words text-muted-foreground">{item.message.subject}</p>
          )}
          <MailBody text={item.message.body} rawJson={item.message.rawJson} />
          <AttachmentList
            files={files.byMessage.get(item.message.$id) ?? []}
            label={`Attachments of the mail from ${item.message.from}`}
          />
        </Card>
      )
    case 'reply': {
      const delivery = deliveryDisplay(item.delivery)
      const author = item.event ? actorName(item.event, names) : item.message.from
      return (
        <Card
          tone="reply"
          icon={<Reply aria-hidden="true" className="size-4 text-primary" />}
          title={`${author} replied`}
          at={messageTime(item.message)}
          badge={
            <Badge tone={delivery.tone} data-testid="delivery-state">
              {delivery.label}
            </Badge>
          }
        >
          <MailBody text={item.message.body} rawJson={null} html={item.message.bodyHtml} />
          {item.message.deliveryError && (
            <p className="text-xs break-words text-destructive">{item.message.deliveryError}</p>
          )}
          <AttachmentList
            files={files.byMessage.get(item.message.$id) ?? []}
            label={`Attachments of the reply by ${author}`}
          />
        </Card>
      )
    }
    case 'note': {
      const author = item.event ? actorName(item.event, names) : item.message.from
      return (
        <Card
          tone="note"
          icon={<Lock aria-hidden="true" className="size-4 text-yellow-800" />}
          title={author}
          at={item.message.$createdAt}
          badge={<Badge tone="yellow">Internal note</Badge>}
        >
          <MailBody text={item.message.body} rawJson={null} html={item.message.bodyHtml} />
          <AttachmentList
            files={files.byMessage.get(item.message.$id) ?? []}
            label={`Attachments of the note by ${author}`}
          />
        </Card>
      )
    }
    case 'event':
      return (
        <EventLine event={item.event} names={names} copies={ticket.cc ?? []} onRemoveCopy={onRemoveCopy} />
      )
  }
}

function mentionedTicket(event: TTicketEventDocument): number | null {
  // A follow-up of a locked ticket (decision 057) links each ticket to the other.
  if (event.type === TicketEventType.followUp) {
    const link = event.after as { source?: unknown; sourceNumber?: unknown; targetNumber?: unknown } | null
    const other = link?.source === event.ticketId ? link?.targetNumber : link?.sourceNumber
    return typeof other === 'number' ? other : null
  }
  if (event.type !== TicketEventType.untrustedMail) return null
  const after = event.after as { mentions?: { number?: unknown } | null } | null
  const number = after?.mentions?.number
  return typeof number === 'number' ? number : null
}

/**
 * Whom a customer's mail copied joins the ticket's CC and gets every reply, so the line that says so lets a
 * member take each one off again while it is still there.
 */
function RemoveCopies({ addresses, onRemoveCopy }: { addresses: string[]; onRemoveCopy: TRemoveCopy }) {
  const [removing, setRemoving] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  async function remove(address: string) {
    setRemoving(address)
    setError(null)
    try {
      await onRemoveCopy(address)
    } catch (failure) {
      setError(getErrorMessage(failure) || `Could not remove ${address} from CC`)
    } finally {
      setRemoving(null)
    }
  }
  const buttons = addresses.map((address) => (
    <Button
      key={address}
      type="button"
      variant="outline"
      size="sm"
      className="h-6 px-2 text-xs"
      disabled={removing !== null}
      aria-label={`Remove ${address} from CC`}
      onClick={() => void remove(address)}
    >
      <X aria-hidden="true" className="size-3" />
      Remove {address}
    </Button>
  ))
  return (
    <>
      {buttons}
      {error && (
        <span role="alert" className="text-xs text-destructive">
          {error}
        </span>
      )}
    </>
  )
}

function EventLine({
  event,
  names,
  copies,
  onRemoveCopy,
}: {
  event: TTicketEventDocument
  names: TNames
  copies: readonly string[]
  onRemoveCopy: TRemoveCopy
}) {
  const mentioned = mentionedTicket(event)
  const untrusted = event.type === TicketEventType.untrustedMail
  const isRule =
    event.type === TicketEventType.ruleEvaluated ||
    event.type === TicketEventType.ruleMisses ||
    event.type === TicketEventType.rulePassCap
  const Icon =
    event.type === TicketEventType.analysed
      ? Sparkles
      : untrusted
        ? ShieldAlert
        : isRule
          ? Workflow
          : UserRound
  const stillCopied = copiesAddedByMail(event).filter((address) => copies.includes(address))
  const rule = ruleDetails(event)
  return (
    <>
      <p
        className={cn(
          'flex flex-wrap items-center gap-x-2 gap-y-0.5 px-1 text-sm text-muted-foreground',
          untrusted && 'rounded-md border border-amber-300 bg-amber-50 py-1.5',
        )}
        data-event-type={event.type}
      >
        <Icon aria-hidden="true" className={cn('size-3.5 shrink-0', untrusted && 'text-amber-700')} />
        <span className="min-w-0 break-words text-foreground/80">{describeEvent(event, names)}</span>
        {mentioned !== null && (
          <Link
            to={ticketPath(mentioned)}
            className="font-medium text-primary underline-offset-2 hover:underline"
          >
            Open #{mentioned}
          </Link>
        )}
        <RemoveCopies addresses={stillCopied} onRemoveCopy={onRemoveCopy} />
        <When at={event.$createdAt} />
      </p>
      {rule.length > 0 && (
        <ul
          aria-label={
            event.type === TicketEventType.ruleMisses ? 'Why the rules did not fire' : 'What the rule read'
          }
          className="ml-6 grid list-disc gap-0.5 pl-4 text-sm text-muted-foreground"
        >
          {rule.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </>
  )
}

/**
 * A fired rule's conditions with the values it read, or each rule that did not fire with its reason, shown
 * under its line (issue 25: the desk says why).
 */
function ruleDetails(event: TTicketEventDocument): string[] {
  if (event.type === TicketEventType.ruleMisses) {
    const misses = ZRuleMisses.safeParse(event.after)
    return misses.success ? explainRuleMisses(misses.data).details : []
  }
  if (event.type !== TicketEventType.ruleEvaluated) return []
  const evaluation = ZRuleEvaluation.safeParse(event.after)
  return evaluation.success ? explainRuleEvaluation(evaluation.data).details : []
}

/**
 * The conversation and what happened to the ticket, newest first: under the composer at the top of the
 * page, the customer's latest words are the first thing read (decision 045).
 */
export function Timeline({
  ticket,
  messages,
  events,
  files,
  names,
  onRemoveCopy,
}: {
  ticket: TTicketPageDocument
  messages: readonly TConversationMessage[]
  events: readonly TTicketEventDocument[]
  files: TFiles
  names: TNames
  onRemoveCopy: TRemoveCopy
}) {
  const items = useMemo(
    () => newestFirst(buildTimeline({ ticket, messages, events })),
    [ticket, messages, events],
  )
  return (
    <ol aria-label="Timeline" className="grid gap-3">
      {items.map((item) => (
        <li key={item.key} data-kind={item.kind} data-key={item.key}>
          <TimelineEntry
            item={item}
            ticket={ticket}
            files={files}
            names={names}
            onRemoveCopy={onRemoveCopy}
          />
        </li>
      ))}
    </ol>
  )
}
