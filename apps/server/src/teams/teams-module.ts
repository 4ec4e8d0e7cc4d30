import { accountRoutes } from '../accounts/account-routes'
import { createAccountService } from '../accounts/account-service'
import { accountSettingsRoutes } from '../accounts/account-settings-routes'
import { createAccountSettings } from '../accounts/account-settings-service'
import { googleRoutes } from '../accounts/google-routes'
import type { TConfig } from '../config/config'
import type { TDatabase } from '../db/database'
import type { TOutbox } from '../outbox/outbox-service'
import type { TEventBus } from '../realtime/event-bus'
import { teamRoutes } from './team-routes'
import { createTeamService, type TTeamServiceDeps } from './team-service'

/**
 * People as one module for server.ts: accounts (each set up with a workspace of its own, or joining the one
 * that invited it), their settings, Google sign-in, and workspaces with their members and invitations;
 * routes only, for the http role.
 */
export function createTeamsModule(options: {
  config: TConfig
  db: TDatabase
  bus: TEventBus
  outbox: TOutbox
  /** What a member leaving a workspace does to the tickets assigned to them (tickets/leaver-tickets.ts). */
  memberLeaving: TTeamServiceDeps['memberLeaving']
}) {
  const { config, db, outbox } = options
  // Where mailed links (invitations, recovery, verification) may point: our own pages only.
  const allowedOrigins = new Set([new URL(config.publicUrl).origin, ...config.corsOrigins])
  const teams = createTeamService({
    db,
    bus: options.bus,
    outbox,
    verifiedInviters: config.outbox.relayUrl !== undefined,
    allowedOrigins,
    memberLeaving: options.memberLeaving,
  })
  const settings = createAccountSettings({ db, outbox, allowedOrigins, publicUrl: config.publicUrl })
  const accounts = createAccountService({
    db,
    sessionIdleMs: config.sessionIdleMs,
    setUpAccount: async (tx, user, invitation) => {
      if (invitation) return teams.joinOnSignUp(tx, user, invitation)
      await teams.createWorkspaceFor(tx, user)
      return undefined
    },
  })
  return {
    routes: [
      accountRoutes({ accounts, db, config }),
      accountSettingsRoutes({ settings }),
      googleRoutes({ accounts, db, config }),
      teamRoutes({ teams }),
    ],
  }
}
