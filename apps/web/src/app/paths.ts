import { AccountLinkPaths, OAuthRedirect } from '@parsedesk/contracts'

/** The app's routes; Google sign-in comes back to two of them, so those two are the server's own. */
export const Paths = {
  home: '/',
  auth: '/auth',
  tickets: OAuthRedirect.success,
  /** One ticket, by its number in the current workspace. */
  ticket: '/tickets/:number',
  error: OAuthRedirect.failure,
  /** Where an invitation's link lands: the server appends the invitation's ids and secret. */
  invite: '/invite',
  /** Reports (decision 064): charts of the current workspace's tickets. */
  reports: '/reports',
  workspaceSettings: '/settings/workspace',
  /** The "Mailboxes and sending" section of workspace settings (features/workspaces/settings-sections.ts). */
  workspaceMailSettings: '/settings/workspace/mail',
  accountSettings: '/settings/account',
  /**
   * Where recovery and verification links land: the server appends `userId`, `secret` and `expire`. The
   * email-change link lands on `verify` too, built by the server itself.
   */
  recovery: '/recovery',
  verify: AccountLinkPaths.verify,
} as const
