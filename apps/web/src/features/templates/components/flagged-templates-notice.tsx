import { TriangleAlert } from 'lucide-react'
import { Link } from 'react-router'
import { useCurrentWorkspaceId } from '@/features/workspaces/current-workspace'
import { SettingsSection, settingsSectionPath } from '@/features/workspaces/settings-sections'
import { useTemplates } from '../queries'
import { healthWarning } from '../template-health'

/**
 * The dashboard's word on enabled templates whose match rate dropped (a vendor changed its layout): the
 * research's "breaks silently" is the failure admins fear most. Nothing shows while every template is well.
 */
export function FlaggedTemplatesNotice({ userId }: { userId: string | undefined }) {
  const teamId = useCurrentWorkspaceId(userId)
  const flagged = (useTemplates(teamId).data ?? []).filter(
    (template) => template.enabled && template.health.flagged,
  )
  if (flagged.length === 0) return null
  return (
    <ul aria-label="Templates that need a look" className="grid gap-2">
      {flagged.map((template) => (
        <li
          key={template.$id}
          className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/30 dark:text-amber-200"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span className="min-w-0 break-words">
            Template “{template.name}”: {healthWarning(template.health)}{' '}
            <Link
              className="underline underline-offset-4"
              to={settingsSectionPath(SettingsSection.templates)}
            >
              Open templates
            </Link>
          </span>
        </li>
      ))}
    </ul>
  )
}
