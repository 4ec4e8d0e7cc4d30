import type { Editor } from '@tiptap/react'
import { type KeyboardEvent, type ReactNode, useEffect, useState } from 'react'
import { useMembers } from '@/features/workspaces/queries'
import { cn } from '@/lib/utils'
import { matchMembers, mentionNameOf, mentionQueryOf } from '../mentions'

type TMentionAt = { query: string; from: number; to: number }

function mentionAt(editor: Editor): TMentionAt | null {
  const { $from, empty } = editor.state.selection
  if (!empty) return null
  const query = mentionQueryOf($from.parent.textBetween(0, $from.parentOffset, undefined, '\ufffc'))
  return query === null ? null : { query, from: $from.pos - query.length - 1, to: $from.pos }
}

/**
 * Around a note's editor: typing `@` offers the workspace's members (arrows and Enter or Tab pick one,
 * Escape closes), and the pick writes `@Name `, which tells that member when the note is added.
 */
export function MentionSuggestions(props: {
  editor: Editor | null
  teamId: string
  enabled: boolean
  children: ReactNode
}) {
  const { editor, enabled } = props
  const members = useMembers({ teamId: enabled ? props.teamId : undefined })
  const [at, setAt] = useState<TMentionAt | null>(null)
  const [active, setActive] = useState(0)

  useEffect(() => {
    if (!editor || !enabled) {
      setAt(null)
      return
    }
    const read = () => {
      setAt(mentionAt(editor))
      setActive(0)
    }
    editor.on('update', read)
    editor.on('selectionUpdate', read)
    return () => {
      editor.off('update', read)
      editor.off('selectionUpdate', read)
    }
  }, [editor, enabled])

  const options = at ? matchMembers(members.data ?? [], at.query) : []

  function pick(index: number) {
    const member = options[index]
    if (!editor || !at || !member) return
    editor
      .chain()
      .focus()
      .insertContentAt({ from: at.from, to: at.to }, `@${mentionNameOf(member)} `)
      .run()
    setAt(null)
  }

  // Before the editor sees the key (capture): while the list is open, its keys are the list's.
  function onKeyDownCapture(event: KeyboardEvent) {
    if (options.length === 0) return
    if (event.key === 'ArrowDown') setActive((active + 1) % options.length)
    else if (event.key === 'ArrowUp') setActive((active - 1 + options.length) % options.length)
    else if (event.key === 'Enter' || event.key === 'Tab') pick(active)
    else if (event.key === 'Escape') setAt(null)
    else return
    event.preventDefault()
    event.stopPropagation()
  }

  return (
    <div className="relative" onKeyDownCapture={onKeyDownCapture}>
      {props.children}
      {options.length > 0 && (
        <div
          role="listbox"
          aria-label="Mention a member"
          className="absolute top-full left-2 z-30 mt-1 w-64 rounded-md border bg-popover p-1 text-sm shadow-md"
        >
          {options.map((member, index) => (
            <div
              key={member.$id}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={cn(
                'cursor-pointer rounded-sm px-2 py-1.5',
                index === active && 'bg-accent text-accent-foreground',
              )}
              onMouseDown={(event) => {
                event.preventDefault()
                pick(index)
              }}
            >
              <span className="font-medium">{member.userName || mentionNameOf(member)}</span>
              <span className="ml-2 text-xs text-muted-foreground">{member.userEmail}</span>
            </div>
          ))}
        </div>
      )}
    </div>
  )
}
