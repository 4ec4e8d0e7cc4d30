import type { LucideIcon } from 'lucide-react'
import { ChartColumn, Settings, UserCog } from 'lucide-react'
import { Link } from 'react-router'
import { Paths } from '@/app/paths'
import { Button } from '@/components/ui/button'

/** A signed-in header link: an icon until the lg breakpoint leaves room for words. */
function HeaderSettingsLink({ to, label, icon: Icon }: { to: string; label: string; icon: LucideIcon }) {
  return (
    <Button asChild variant="ghost">
      <Link to={to} title={label}>
        <Icon aria-hidden="true" />
        <span className="sr-only lg:not-sr-only">{label}</span>
      </Link>
    </Button>
  )
}

export function WorkspaceSettingsLink() {
  return <HeaderSettingsLink to={Paths.workspaceSettings} label="Workspace settings" icon={Settings} />
}

export function AccountSettingsLink() {
  return <HeaderSettingsLink to={Paths.accountSettings} label="Account settings" icon={UserCog} />
}

/** Owners and admins read the workspace's reports, an agent their own tickets' (decision 064). */
export function ReportsLink() {
  return <HeaderSettingsLink to={Paths.reports} label="Reports" icon={ChartColumn} />
}
