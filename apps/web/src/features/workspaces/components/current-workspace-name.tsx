import { Building2 } from 'lucide-react'
import { Link } from 'react-router'
import { Paths } from '@/app/paths'
import { Spinner } from '@/components/ui/spinner'
import { useCurrentWorkspace } from '../current-workspace'

/** One line under a page's heading: the workspace the page is working in, linking to its settings. */
export function CurrentWorkspaceName({ userId }: { userId: string | undefined }) {
  const { workspaces, current } = useCurrentWorkspace({ userId })
  if (workspaces.error) return null
  return (
    <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
      <Building2 aria-hidden="true" className="size-4 shrink-0" />
      <span>Workspace:</span>
      {current ? (
        <Link
          to={Paths.workspaceSettings}
          data-testid="current-workspace"
          className="min-w-0 rounded-sm font-medium break-words text-foreground underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
        >
          {current.name}
        </Link>
      ) : (
        <>
          <Spinner />
          <span className="sr-only">Loading the workspace</span>
        </>
      )}
    </p>
  )
}
