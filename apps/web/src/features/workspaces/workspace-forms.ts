import {
  TEAM_ROLES,
  TeamLimits,
  TeamMessages,
  type TTeamRole,
  ZMembershipCreate,
  ZTeamUpdate,
} from '@parsedesk/contracts'
import { z } from 'zod'
import { WorkspaceFormErrors } from './workspace-messages'

/** The server's rules for a name and an invited address, each with a message a person can act on. */
const serverName = ZTeamUpdate.shape.name
const serverEmail = ZMembershipCreate.shape.email.unwrap()

export const ZWorkspaceNameForm = z.object({
  name: z
    .string()
    .trim()
    .min(1, WorkspaceFormErrors.nameRequired)
    .max(TeamLimits.name, WorkspaceFormErrors.nameTooLong)
    .refine((name) => serverName.safeParse(name).success, WorkspaceFormErrors.nameRequired),
})
export type TWorkspaceNameForm = z.input<typeof ZWorkspaceNameForm>

export const ZInviteForm = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, TeamMessages.invitationNeedsAddress)
    .refine((email) => serverEmail.safeParse(email).success, WorkspaceFormErrors.emailInvalid),
  role: z.enum(TEAM_ROLES, WorkspaceFormErrors.roleInvalid),
})
export type TInviteFormValues = z.input<typeof ZInviteForm>

export const ZRoleForm = ZInviteForm.pick({ role: true })
export type TRoleForm = z.output<typeof ZRoleForm>
export type TInvite = z.output<typeof ZInviteForm>

export function emptyInviteForm(role: TTeamRole): TInviteFormValues {
  return { email: '', role }
}
