import { Building2 } from 'lucide-react'
import { useId } from 'react'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { useSession } from '@/features/auth/session'
import { useCurrentWorkspace } from '../current-workspace'
import { chooseWorkspace } from '../current-workspace-store'

type TWorkspaceSwitcherProps = {
  /** `header`: a compact select with a hidden label; `menu`: full width under a visible label. */
  variant: 'header' | 'menu'
}

/**
 * The signed-in user's workspaces, the current one selected. Choosing one is kept on this browser; every
 * screen that shows the current workspace follows at once.
 */
export function WorkspaceSwitcher({ variant }: TWorkspaceSwitcherProps) {
  const id = useId()
  const { user } = useSession()
  const userId = user?.$id
  const { workspaces, current } = useCurrentWorkspace({ userId })
  const isHeader = variant === 'header'

  if (!userId || workspaces.isPending) {
    return (
      <p className="flex items-center gap-2 px-2 text-sm text-muted-foreground">
        <Spinner />
        <span className={isHeader ? 'sr-only' : undefined}>Loading workspaces...</span>
      </p>
    )
  }
  if (workspaces.error || !current) {
    return <p className="px-2 text-sm text-muted-foreground">Workspaces unavailable</p>
  }

  return (
    <div className={isHeader ? 'flex min-w-0 items-center gap-2' : 'grid gap-2'}>
      <Label htmlFor={id} className={isHeader ? 'sr-only' : undefined}>
        {!isHeader && <Building2 aria-hidden="true" className="size-4 text-muted-foreground" />}
        Workspace
      </Label>
      {isHeader && <Building2 aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />}
      <NativeSelect
        id={id}
        data-testid="workspace-switcher"
        className={isHeader ? 'w-44 truncate lg:w-64' : 'truncate'}
        value={current.$id}
        onChange={(event) => chooseWorkspace({ userId, teamId: event.target.value })}
      >
        {workspaces.data.map((workspace) => (
          <option key={workspace.$id} value={workspace.$id}>
            {workspace.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  )
}
