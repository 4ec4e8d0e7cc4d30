import { Settings } from 'lucide-react'
import { Link } from 'react-router'
import { Paths } from '@/app/paths'
import { Button } from '@/components/ui/button'

/** The signed-in header's way to the workspace: an icon until the lg breakpoint leaves room for words. */
export function WorkspaceSettingsLink() {
  return (
    <Button asChild variant="ghost">
      <Link to={Paths.workspaceSettings} title="Workspace settings">
        <Settings aria-hidden="true" />
        <span className="sr-only lg:not-sr-only">Workspace settings</span>
      </Link>
    </Button>
  )
}
