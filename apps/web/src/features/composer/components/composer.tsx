import { lazy, Suspense } from 'react'
import { Spinner } from '@/components/ui/spinner'
import { COMPOSER_MIN_HEIGHT } from '../composer-size'
import type { TComposerTicket } from '../composer-ticket'

// The editor (TipTap and ProseMirror) is most of the composer's weight: the ticket's header, fields and
// timeline paint without waiting for it.
const ComposerForm = lazy(() =>
  import('./composer-form').then((module) => ({ default: module.ComposerForm })),
)

/** The ticket's composer, loaded after the page it sits in; its place is held meanwhile, so nothing shifts. */
export function Composer({
  ticket,
  newestMessageId,
}: {
  ticket: TComposerTicket
  /** The conversation's newest reply or customer mail, what a draft is written against (decision 039). */
  newestMessageId?: string | null | undefined
}) {
  return (
    <Suspense
      fallback={
        <section
          data-testid="ticket-composer-slot"
          aria-label="Reply"
          aria-busy="true"
          className={`flex items-center justify-center gap-2 rounded-lg border text-sm text-muted-foreground ${COMPOSER_MIN_HEIGHT}`}
        >
          <Spinner />
          Loading the composer...
        </section>
      }
    >
      <ComposerForm ticket={ticket} newestMessageId={newestMessageId} />
    </Suspense>
  )
}
