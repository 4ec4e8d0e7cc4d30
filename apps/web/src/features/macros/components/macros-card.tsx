import { Pencil, RefreshCw } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { getErrorMessage } from '@/lib/errors'
import { describeActions, type TMacroMember } from '../macro-preview'
import { type TMacroDocument, useMacros } from '../queries'
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

function MacroItem({ macro, ...props }: TMacrosCardProps & { macro: TMacroDocument }) {
  const [isEditing, setIsEditing] = useState(false)
  if (isEditing) {
    return (
      <li className="rounded-lg border p-3">
        <MacroForm {...props} macro={macro} onDone={() => setIsEditing(false)} />
      </li>
    )
  }
  return (
    <li data-macro-id={macro.$id} className="grid gap-2 rounded-lg border p-3">
      <div className="grid min-w-0 gap-1">
        <p className="text-sm font-medium break-words">{macro.name}</p>
        {macro.body && (
          <p className="line-clamp-3 text-sm break-words whitespace-pre-wrap text-muted-foreground">
            {macro.body}
          </p>
        )}
        <p className="text-xs text-muted-foreground">{describeActions(macro, props.members)}</p>
      </div>
      {props.canManage && (
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => setIsEditing(true)}>
            <Pencil aria-hidden="true" />
            Edit
            <span className="sr-only"> macro {macro.name}</span>
          </Button>
          <DeleteMacroButton macro={macro} />
        </div>
      )}
    </li>
  )
}

/** Canned replies with the ticket changes that come with them; agents apply them from the composer. */
export function MacrosCard(props: TMacrosCardProps) {
  const macros = useMacros(props.teamId)

  const body = (() => {
    if (macros.error) {
      return (
        <div role="alert" className="grid justify-items-start gap-2 text-sm">
          <p className="font-medium text-destructive">Could not load the macros</p>
          <p className="text-muted-foreground">{getErrorMessage(macros.error)}</p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={macros.isFetching}
            onClick={() => void macros.refetch()}
          >
            {macros.isFetching ? <Spinner /> : <RefreshCw aria-hidden="true" />}
            Try again
          </Button>
        </div>
      )
    }
    if (!macros.data) {
      return (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          Loading the macros...
        </p>
      )
    }
    if (macros.data.length === 0) return <p className="text-sm text-muted-foreground">No macros yet.</p>
    return (
      <ul aria-label="Macros" className="grid gap-3">
        {macros.data.map((macro) => (
          <MacroItem key={macro.$id} macro={macro} {...props} />
        ))}
      </ul>
    )
  })()

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Macros</CardTitle>
        <CardDescription>
          {props.canManage
            ? 'Canned replies: text with placeholders, and the status, tags and assignee they set when applied.'
            : 'Canned replies to apply from a ticket. Only owners and admins can change them.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {body}
        {props.canManage && (
          <div className="grid gap-3 border-t pt-4">
            <h3 className="text-sm font-semibold">New macro</h3>
            <MacroForm teamId={props.teamId} members={props.members} agent={props.agent} />
          </div>
        )}
      </CardContent>
    </Card>
  )
}
