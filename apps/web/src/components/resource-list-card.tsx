import type { UseQueryResult } from '@tanstack/react-query'
import { Pencil, RefreshCw } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { getErrorMessage } from '@/lib/errors'

type TResource = { $id: string; name: string }

type TResourceListCardProps<T extends TResource> = {
  /** What the card lists, in lower case ("group", "groups"): its title, states, list and buttons say it. */
  noun: { one: string; many: string }
  /** Said under the title, to those who manage the resource and to those who only read it. */
  description: { manage: string; read: string }
  list: UseQueryResult<T[]>
  /** Owners and admins manage; agents read (the server enforces it). */
  canManage: boolean
  /** What one item shows when it is not being edited. */
  details(item: T): ReactNode
  /** The form that edits `item`, or makes a new one without it; `onDone` once saved or cancelled. */
  form(item?: T, onDone?: () => void): ReactNode
  deleteButton(item: T): ReactNode
}

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`

function ResourceItem<T extends TResource>(props: TResourceListCardProps<T> & { item: T }) {
  const { item, noun } = props
  const [isEditing, setIsEditing] = useState(false)
  if (isEditing) {
    return <li className="rounded-lg border p-3">{props.form(item, () => setIsEditing(false))}</li>
  }
  return (
    <li {...{ [`data-${noun.one}-id`]: item.$id }} className="grid gap-2 rounded-lg border p-3">
      {props.details(item)}
      {props.canManage && (
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => setIsEditing(true)}>
            <Pencil aria-hidden="true" />
            Edit
            <span className="sr-only">
              {' '}
              {noun.one} {item.name}
            </span>
          </Button>
          {props.deleteButton(item)}
        </div>
      )}
    </li>
  )
}

/**
 * A settings card of a workspace resource (groups, macros; next rules, templates): its list with a retry
 * when it failed to load, each item with Edit and Delete for those who manage it, and the form of a new one.
 */
export function ResourceListCard<T extends TResource>(props: TResourceListCardProps<T>) {
  const { list, noun } = props

  const body = (() => {
    if (list.error) {
      return (
        <div role="alert" className="grid justify-items-start gap-2 text-sm">
          <p className="font-medium text-destructive">Could not load the {noun.many}</p>
          <p className="text-muted-foreground">{getErrorMessage(list.error)}</p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={list.isFetching}
            onClick={() => void list.refetch()}
          >
            {list.isFetching ? <Spinner /> : <RefreshCw aria-hidden="true" />}
            Try again
          </Button>
        </div>
      )
    }
    if (!list.data) {
      return (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          Loading the {noun.many}...
        </p>
      )
    }
    if (list.data.length === 0) return <p className="text-sm text-muted-foreground">No {noun.many} yet.</p>
    return (
      <ul aria-label={capitalised(noun.many)} className="grid gap-3">
        {list.data.map((item) => (
          <ResourceItem key={item.$id} item={item} {...props} />
        ))}
      </ul>
    )
  })()

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{capitalised(noun.many)}</CardTitle>
        <CardDescription>
          {props.canManage ? props.description.manage : props.description.read}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {body}
        {props.canManage && (
          <div className="grid gap-3 border-t pt-4">
            <h3 className="text-sm font-semibold">New {noun.one}</h3>
            {props.form()}
          </div>
        )}
      </CardContent>
    </Card>
  )
}
