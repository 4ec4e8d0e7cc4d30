import { TeamLimits } from '@parsedesk/contracts'

/** The workspace screens' toasts and form messages, in one place; the server's rules speak in TeamMessages. */
export const WorkspaceToasts = {
  renamed: 'Workspace renamed',
  renameFailed: 'Failed to rename the workspace',
  roleChanged: 'Role changed',
  roleChangeFailed: 'Failed to change the role',
  memberRemoved: 'Member removed',
  removeFailed: 'Failed to remove the member',
  left: 'You left the workspace',
  leaveFailed: 'Failed to leave the workspace',
  invited: 'Invitation sent',
  inviteFailed: 'Failed to send the invitation',
  revoked: 'Invitation revoked',
  revokeFailed: 'Failed to revoke the invitation',
  resent: 'Invitation sent again',
  resendFailed: 'Failed to send the invitation again',
  joined: 'Welcome to the workspace',
  acceptFailed: 'Failed to accept the invitation',
  switched: 'Workspace switched',
  created: 'Workspace created',
  createFailed: 'Failed to create the workspace',
} as const

export const WorkspaceFormErrors = {
  nameRequired: 'Give the workspace a name.',
  nameTooLong: `A workspace name has at most ${TeamLimits.name} characters.`,
  emailInvalid: 'Enter a valid email address.',
  roleInvalid: 'Choose a role.',
} as const
