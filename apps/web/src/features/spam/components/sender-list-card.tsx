import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query'
import { RefreshCw } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { getErrorMessage } from '@/lib/errors'
import { notifyError } from '@/lib/notify'

export type TSenderEntry = { $id: string; label: string }

/**
 * One of the workspace's lists of senders (blocked, or trusted after "not spam"): loading, error and empty
 * states, and a removal per entry for owners and admins (the server enforces it).
 */
export function SenderListCard({
  title,
  description,
  noun,
  empty,
  removeLabel,
  removeError,
  entries,
  query,
  remove,
  canManage,
}: {
  title: string
  description: ReactNode
  /** What the entries are, for the loading and error texts: "blocked senders". */
  noun: string
  empty: string
  removeLabel: string
  removeError: string
  entries: TSenderEntry[] | undefined
  query: Pick<UseQueryResult, 'error' | 'isFetching' | 'refetch'>
  remove: Pick<UseMutationResult<unknown, Error, string>, 'isPending' | 'mutateAsync'>
  canManage: boolean
}) {
  const body = (() => {
    if (query.error) {
      return (
        <div role="alert" className="grid justify-items-start gap-2 text-sm">
          <p className="font-medium text-destructive">Could not load the {noun}</p>
          <p className="text-muted-foreground">{getErrorMessage(query.error)}</p>
          <Button type="button" variant="outline" size="sm" onClick={() => void query.refetch()}>
            {query.isFetching ? <Spinner /> : <RefreshCw aria-hidden="true" />}
            Try again
          </Button>
        </div>
      )
    }
    if (!entries) {
      return (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          Loading the {noun}...
        </p>
      )
    }
    if (entries.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>
    return (
      <ul aria-label={title} className="grid gap-2">
        {entries.map((entry) => (
          <li
            key={entry.$id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3"
          >
            <span className="min-w-0 text-sm break-all">{entry.label}</span>
            {canManage && (
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={remove.isPending}
                onClick={() =>
                  remove
                    .mutateAsync(entry.$id)
                    .catch((error: unknown) =>
                      notifyError({ title: removeError, description: getErrorMessage(error) }),
                    )
                }
              >
                {removeLabel}
                <span className="sr-only"> {entry.label}</span>
              </Button>
            )}
          </li>
        ))}
      </ul>
    )
  })()

  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  )
}
