import type { LucideIcon } from 'lucide-react'
import {
  Ban,
  Bell,
  FileText,
  Hourglass,
  Inbox,
  ListPlus,
  ScanText,
  Settings2,
  Tags,
  Timer,
  Users,
  Workflow,
} from 'lucide-react'
import { Paths } from '@/app/paths'

/**
 * The sections of workspace settings, in the order of the side navigation; each is its own address, so a
 * link, a reload and Back land on it. Only what is built is listed: a section for something that does not
 * exist yet would be an empty promise.
 */
export const SettingsSection = {
  general: '',
  /** Paths.workspaceMailSettings: the dashboard's "Mail settings" link leads there. */
  mail: 'mail',
  members: 'members',
  macros: 'macros',
  rules: 'rules',
  templates: 'templates',
  customFields: 'custom-fields',
  categories: 'categories',
  spam: 'spam',
  notifications: 'notifications',
  lifecycle: 'lifecycle',
  sla: 'sla',
} as const
export type TSettingsSection = (typeof SettingsSection)[keyof typeof SettingsSection]

export type TSettingsSectionInfo = {
  section: TSettingsSection
  label: string
  /** One line under the section's heading: what is set here. */
  summary: string
  icon: LucideIcon
}

export const SETTINGS_SECTIONS: readonly TSettingsSectionInfo[] = [
  {
    section: SettingsSection.general,
    label: 'General',
    summary: 'The workspace’s name, and new workspaces.',
    icon: Settings2,
  },
  {
    section: SettingsSection.mail,
    label: 'Mailboxes and sending',
    summary: 'Where mail comes in, what was kept, how replies leave, and the outbox.',
    icon: Inbox,
  },
  {
    section: SettingsSection.members,
    label: 'Members and groups',
    summary: 'Who works here, their roles, invitations, and the groups tickets go to.',
    icon: Users,
  },
  {
    section: SettingsSection.macros,
    label: 'Macros',
    summary: 'Saved replies and actions agents apply in one step.',
    icon: FileText,
  },
  {
    section: SettingsSection.rules,
    label: 'Rules',
    summary: 'What the desk does by itself when tickets arrive, change or wait, in the order it runs.',
    icon: Workflow,
  },
  {
    section: SettingsSection.templates,
    label: 'Templates',
    summary: 'How values are read from incoming mail: select them once in a real email, in the order tried.',
    icon: ScanText,
  },
  {
    section: SettingsSection.customFields,
    label: 'Custom fields',
    summary: 'Typed fields tickets carry, which templates fill and members edit.',
    icon: ListPlus,
  },
  {
    section: SettingsSection.categories,
    label: 'Categories',
    summary: 'The categories tickets are sorted into.',
    icon: Tags,
  },
  {
    section: SettingsSection.spam,
    label: 'Spam',
    summary: 'Senders and domains whose mail goes straight to spam.',
    icon: Ban,
  },
  {
    section: SettingsSection.notifications,
    label: 'Notifications',
    summary: 'When a group hears of its tickets waiting unassigned.',
    icon: Bell,
  },
  {
    section: SettingsSection.lifecycle,
    label: 'Surveys and auto-close',
    summary: 'When requesters are asked to rate the help, and when quiet tickets close and lock.',
    icon: Hourglass,
  },
  {
    section: SettingsSection.sla,
    label: 'SLA and business hours',
    summary: 'Response and resolution targets, the order they apply in, and when the desk is open.',
    icon: Timer,
  },
]

/** The address of a section: General is the settings' own address. */
export function settingsSectionPath(section: TSettingsSection): string {
  return section ? `${Paths.workspaceSettings}/${section}` : Paths.workspaceSettings
}

/** The section an address names after `/settings/workspace/`, or undefined for one that is not there. */
export function findSettingsSection(rest: string | undefined): TSettingsSectionInfo | undefined {
  const name = (rest ?? '').replace(/\/+$/, '')
  return SETTINGS_SECTIONS.find((info) => info.section === name)
}
