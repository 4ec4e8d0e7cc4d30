import {
  PresenceState,
  presenceSentence,
  TicketStatus,
  type TMacroContext,
  type TNewerMessage,
  type TTicketStatus,
  ZReplyCreate,
} from '@parsedesk/contracts'
import { useQuery } from '@tanstack/react-query'
import { EditorContent, useEditor } from '@tiptap/react'
import { StarterKit } from '@tiptap/starter-kit'
import { ID } from 'appwrite'
import { clsx } from 'clsx'
import { Lock, Send } from 'lucide-react'
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { useSession } from '@/features/auth/session'
import { contactQueries } from '@/features/contacts/queries'
import type { TMacroDocument } from '@/features/macros/queries'
import { MentionSuggestions } from '@/features/notifications/components/mention-suggestions'
import { useOthersOnTicketId } from '@/features/presence/use-others-on-ticket'
import { useTypingPresence } from '@/features/presence/use-typing-presence'
import { getErrorMessage, serverMessageOf } from '@/lib/errors'
import { COMPOSER_MIN_HEIGHT } from '../composer-size'
import type { TComposerTicket } from '../composer-ticket'
import {
  ComposerMode,
  clearDraft,
  EMPTY_DRAFT,
  readDraft,
  type TComposerMode,
  type TDraft,
  writeDraft,
} from '../draft-store'
import { changesOnSend, insertMacro, unfilledPlaceholders } from '../macro-insertion'
import { useSendReply } from '../queries'
import { newerMessageOf } from '../reply-guard'
import { copiesAfterRemovals, readCc, replyPayload } from '../reply-payload'
import { heldUntil, useUndoSend } from '../undo-send'
import { AttachmentField } from './attachment-field'
import { ComposerToolbar } from './composer-toolbar'
import { MacroPicker } from './macro-picker'
import { StaleDraftNotice, UndoSendNotice } from './send-notices'
import { SignaturePreview } from './signature-preview'

const TABS: { mode: TComposerMode; label: string }[] = [
  { mode: ComposerMode.reply, label: 'Reply' },
  { mode: ComposerMode.note, label: 'Internal note' },
]

const REPLY_BUTTONS: { label: string; status: TTicketStatus | undefined }[] = [
  { label: 'Send', status: undefined },
  { label: 'Send and set pending', status: TicketStatus.pending },
  { label: 'Send and set closed', status: TicketStatus.closed },
]

/** The requester's name for a canned reply's `{{requester.name}}`, from their contact once it is read. */
function useRequesterName(requesterId: string | null | undefined): string {
  const contact = useQuery({ ...contactQueries.detail(requesterId), staleTime: 60_000 })
  return contact.data?.name ?? ''
}

function initialDraft(ticket: TComposerTicket): TDraft {
  return readDraft(window.localStorage, ticket.$id) ?? { ...EMPTY_DRAFT, cc: ticket.cc ?? [] }
}

/**
 * The ticket's composer (issue 14, items 3 and 8): a public reply mailed to the requester and copies, or
 * an internal note that never leaves; formatted text, files, canned replies, and the status to set with
 * the send. Everything typed is kept in this browser until a send succeeds, and a failed send shows the
 * server's words with the text still there. Typing shows this member as "replying" on the ticket. A reply
 * names the newest message its draft was written against (`newestMessageId`, followed while the draft is
 * empty): one the conversation outgrew is refused and shown ("Ada replied 1 minute ago": send anyway or
 * review), and a sent one waits out the workspace's undo window with "Sending… Undo" (decision 039).
 */
export function ComposerForm({
  ticket,
  newestMessageId,
}: {
  ticket: TComposerTicket
  /** The conversation's newest reply or customer mail; undefined until it is read. */
  newestMessageId?: string | null | undefined
}) {
  const { user } = useSession()
  const [kept] = useState(() => initialDraft(ticket))
  const [mode, setMode] = useState<TComposerMode>(kept.mode)
  const [html, setHtml] = useState(kept.html)
  const [ccText, setCcText] = useState(kept.cc.join(', '))
  // The ticket's copies as the Cc field first showed them: what the agent may take out.
  const [baseCc] = useState(() => ticket.cc ?? [])
  const [attachments, setAttachments] = useState(kept.attachments)
  const [macro, setMacro] = useState(kept.macro)
  const [unresolved, setUnresolved] = useState<string[]>([])
  const [problem, setProblem] = useState('')
  const [notice, setNotice] = useState('')
  const [seen, setSeen] = useState(kept.seenMessageId)
  const [newer, setNewer] = useState<TNewerMessage | null>(null)
  const [held, setHeld] = useState<{ messageId: string; until: number } | null>(null)
  const lastStatus = useRef<TTicketStatus | undefined>(undefined)
  const undoSend = useUndoSend()
  const messageId = useRef(ID.unique())
  const typing = useTypingPresence(ticket.$id)
  const othersReplying = useOthersOnTicketId(ticket.$id)
    .filter((member) => member.state === PresenceState.replying)
    .map((member) => member.userName)
  const send = useSendReply()
  const requesterName = useRequesterName(ticket.requesterId)
  const ids = useId()
  const isNote = mode === ComposerMode.note
  const isBusy = send.isPending

  // Ctrl+Enter (Cmd+Enter on a Mac) is the plain Send; the editor is made once, so it calls the latest submit.
  const submitLatest = useRef<(status: TTicketStatus | undefined) => void>(() => undefined)
  const sendOnModEnter = useCallback((_view: unknown, event: globalThis.KeyboardEvent) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return false
    submitLatest.current(undefined)
    return true
  }, [])

  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true } })],
    content: kept.html,
    editorProps: {
      handleKeyDown: sendOnModEnter,
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-keyshortcuts': 'Control+Enter Meta+Enter',
        'aria-label': isNote ? 'Note text' : 'Reply text',
        class:
          'tiptap min-h-24 max-h-96 overflow-y-auto px-3 py-2 text-sm outline-none [&_blockquote]:border-l-2 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_a]:text-primary [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_p]:my-1',
      },
    },
    onUpdate: ({ editor: current }) => {
      setHtml(current.getHTML())
      setNotice('')
      if (!current.isEmpty) typing.typed()
    },
    onBlur: () => typing.stopped(),
  })

  useEffect(() => {
    editor?.setOptions({
      editorProps: {
        handleKeyDown: sendOnModEnter,
        attributes: {
          ...(editor.options.editorProps.attributes as Record<string, string>),
          'aria-label': isNote ? 'Note text' : 'Reply text',
        },
      },
    })
  }, [editor, isNote, sendOnModEnter])

  // An empty draft has seen whatever the timeline shows; once written, it keeps what it was written against.
  // A draft begun before the conversation was read (the composer sits above it) takes what it first shows,
  // or its reply would name nothing and never be checked.
  const isEmpty = editor?.isEmpty ?? true
  useEffect(() => {
    if (newestMessageId === undefined) return
    setSeen((current) => (isEmpty || current === undefined ? newestMessageId : current))
  }, [newestMessageId, isEmpty])

  useEffect(() => {
    writeDraft(window.localStorage, ticket.$id, {
      mode,
      html,
      cc: ccText.split(/[\s,;]+/).filter(Boolean),
      attachments,
      macro,
      seenMessageId: seen,
    })
  }, [ticket.$id, mode, html, ccText, attachments, macro, seen])

  function macroContext(): TMacroContext {
    return {
      ticket: {
        number: ticket.number ?? 0,
        subject: ticket.subject,
        tags: ticket.tags ?? [],
        assigneeId: ticket.assigneeId ?? null,
      },
      requester: { name: requesterName, email: ticket.email },
      agent: { id: user?.$id ?? '', name: user?.name ?? '' },
    }
  }

  function pickMacro(picked: TMacroDocument) {
    if (!editor) return
    const inserted = insertMacro(picked, macroContext())
    editor.chain().focus().insertContent(inserted.html).run()
    setMacro({ name: picked.name, actions: picked.actions })
    setUnresolved(inserted.unresolved)
  }

  function submit(buttonStatus: TTicketStatus | undefined, seenNow: string | null | undefined = seen) {
    if (!editor || isBusy) return
    lastStatus.current = buttonStatus
    setProblem('')
    setNotice('')
    setNewer(null)
    const copies = isNote ? { cc: [] } : readCc(ccText)
    if ('problem' in copies) {
      setProblem(copies.problem)
      return
    }
    const text = editor.getText({ blockSeparator: '\n\n' }).trim()
    const unfilled = unfilledPlaceholders(text, unresolved)
    if (unfilled.length > 0) {
      setProblem(`Fill in ${unfilled.map((name) => `{{${name}}}`).join(', ')} before sending`)
      return
    }
    const changes = changesOnSend({ buttonStatus, macro, context: macroContext() })
    const reply = replyPayload({
      ticketId: ticket.$id,
      draft: { mode, attachments },
      text,
      html: editor.getHTML(),
      cc: copies.cc,
      status: changes.status,
      seenMessageId: seenNow,
    })
    const checked = ZReplyCreate.safeParse(reply)
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'Check the reply')
      return
    }
    const ticketCopies = isNote
      ? null
      : copiesAfterRemovals({ base: baseCc, field: copies.cc, current: ticket.cc ?? [] })
    send.mutate(
      {
        messageId: messageId.current,
        reply,
        copies: ticketCopies,
        ticketChanges: changes.ticket,
      },
      {
        onSuccess: ({ message, changesError }) => {
          if (!isNote)
            void heldUntil((message as { mailId?: string | null }).mailId).then(
              (until) => until && setHeld({ messageId: message.$id, until }),
            )
          messageId.current = ID.unique()
          clearDraft(window.localStorage, ticket.$id)
          editor.commands.clearContent(true)
          setAttachments([])
          setMacro(null)
          setUnresolved([])
          typing.stopped()
          setNotice(
            changesError
              ? `Sent. The canned reply's ticket changes failed: ${getErrorMessage(changesError)}`
              : isNote
                ? 'Note added.'
                : 'Reply sent.',
          )
        },
        onError: (error) => {
          // The draft stays on screen and in storage: nothing typed is lost.
          const missed = newerMessageOf(error)
          if (missed) setNewer(missed)
          else setProblem(serverMessageOf(error) || 'The reply was not sent: please try again.')
        },
      },
    )
  }

  submitLatest.current = submit

  function review(missed: TNewerMessage) {
    setSeen(missed.messageId)
    setNewer(null)
    document
      .querySelector(`[data-key="message:${CSS.escape(missed.messageId)}"]`)
      ?.scrollIntoView({ behavior: 'smooth', block: 'center' })
  }

  function undo(sent: { messageId: string }) {
    undoSend.mutate(sent.messageId, {
      onSuccess: (undone) => {
        setHeld(null)
        editor?.commands.setContent(undone.bodyHtml ?? undone.body, { emitUpdate: true })
        setAttachments(undone.attachments)
        setMode(ComposerMode.reply)
        setNotice('Not sent: the reply is back here to edit.')
      },
      onError: (error) => {
        setHeld(null)
        setProblem(serverMessageOf(error) || 'The reply could not be undone.')
      },
    })
  }

  function moveTab(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
    event.preventDefault()
    const next = mode === ComposerMode.reply ? ComposerMode.note : ComposerMode.reply
    setMode(next)
    document.getElementById(`${ids}-tab-${next}`)?.focus()
  }

  return (
    <section
      data-testid="ticket-composer-slot"
      aria-label="Reply"
      className={clsx('grid grid-rows-[auto_1fr] gap-2', COMPOSER_MIN_HEIGHT)}
    >
      <div role="tablist" aria-label="Message kind" className="flex gap-1 border-b">
        {TABS.map((tab) => (
          <button
            key={tab.mode}
            id={`${ids}-tab-${tab.mode}`}
            type="button"
            role="tab"
            data-mode={tab.mode}
            aria-selected={mode === tab.mode}
            aria-controls={`${ids}-panel`}
            tabIndex={mode === tab.mode ? 0 : -1}
            onKeyDown={moveTab}
            onClick={() => setMode(tab.mode)}
            className={clsx(
              '-mb-px flex items-center gap-1.5 rounded-t-md border-b-2 px-3 py-2 text-sm font-medium focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none',
              mode === tab.mode
                ? tab.mode === ComposerMode.note
                  ? 'border-yellow-500 text-yellow-900'
                  : 'border-primary text-foreground'
                : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
          >
            {tab.mode === ComposerMode.note && <Lock aria-hidden="true" className="size-3.5" />}
            {tab.label}
          </button>
        ))}
      </div>
      <div
        id={`${ids}-panel`}
        role="tabpanel"
        aria-labelledby={`${ids}-tab-${mode}`}
        data-mode={mode}
        className={clsx(
          'grid content-start gap-3 rounded-lg border p-3',
          isNote ? 'border-yellow-300 bg-yellow-50' : 'bg-card',
        )}
      >
        {isNote ? (
          <p className="flex items-center gap-2 text-sm font-medium text-yellow-900">
            <Lock aria-hidden="true" className="size-4" />
            Internal note: only your team sees it. It is never emailed.
          </p>
        ) : (
          <div className="grid gap-1 sm:flex sm:items-center sm:gap-4">
            <p className="min-w-0 text-sm break-all text-muted-foreground sm:max-w-[45%]">
              To <span className="text-foreground">{ticket.email}</span>
            </p>
            <div className="grid gap-1 sm:flex-1 sm:grid-cols-[auto_1fr] sm:items-center sm:gap-2">
              <Label htmlFor={`${ids}-cc`}>Cc</Label>
              <Input
                id={`${ids}-cc`}
                value={ccText}
                placeholder="name@example.com, ..."
                disabled={isBusy}
                onChange={(event) => setCcText(event.target.value)}
              />
            </div>
          </div>
        )}
        {othersReplying.length > 0 && (
          <p
            data-testid="composer-collision"
            className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
          >
            {presenceSentence(othersReplying, PresenceState.replying)} to this ticket too: read their answer
            before you send yours.
          </p>
        )}
        <div className="flex flex-wrap items-start justify-between gap-2">
          {editor && <ComposerToolbar editor={editor} disabled={isBusy} />}
          <MacroPicker teamId={ticket.teamId} disabled={isBusy} onPick={pickMacro} />
        </div>
        <div className="rounded-md border border-input bg-background focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50">
          <MentionSuggestions editor={editor} teamId={ticket.teamId} enabled={isNote}>
            <EditorContent editor={editor} />
          </MentionSuggestions>
        </div>
        {!isNote && <SignaturePreview teamId={ticket.teamId} />}
        {unresolved.length > 0 && (
          <p className="text-sm text-amber-800">
            Fill in before sending: {unresolved.map((name) => `{{${name}}}`).join(', ')}
          </p>
        )}
        {macro && (
          <p className="text-sm text-muted-foreground">
            Canned reply “{macro.name}”: its ticket changes apply when this is sent.
          </p>
        )}
        <AttachmentField attachments={attachments} disabled={isBusy} onChange={setAttachments} />
        {problem && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {problem}
          </p>
        )}
        {newer && (
          <StaleDraftNotice
            newer={newer}
            disabled={isBusy}
            onReview={() => review(newer)}
            onSendAnyway={() => {
              setSeen(newer.messageId)
              submit(lastStatus.current, newer.messageId)
            }}
          />
        )}
        <div className="flex flex-wrap items-center gap-2">
          {isNote ? (
            <Button type="button" disabled={isBusy} onClick={() => submit(undefined)}>
              {isBusy ? <Spinner /> : <Lock aria-hidden="true" />}
              Add note
            </Button>
          ) : (
            REPLY_BUTTONS.map((button, index) => (
              <Button
                key={button.label}
                type="button"
                variant={index === 0 ? 'default' : 'outline'}
                disabled={isBusy}
                onClick={() => submit(button.status)}
              >
                {index === 0 && (isBusy ? <Spinner /> : <Send aria-hidden="true" />)}
                {button.label}
              </Button>
            ))
          )}
          {held ? (
            <UndoSendNotice
              until={held.until}
              busy={undoSend.isPending}
              onUndo={() => undo(held)}
              onGone={() => {
                setHeld(null)
                setNotice('Reply sent.')
              }}
            />
          ) : (
            notice && (
              <p role="status" className="text-sm text-muted-foreground">
                {notice}
              </p>
            )
          )}
        </div>
      </div>
    </section>
  )
}
