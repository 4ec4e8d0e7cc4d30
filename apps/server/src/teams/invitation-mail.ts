import type { TTeamRole } from '@parsedesk/contracts'

export type TInvitation = {
  teamName: string
  inviterName: string
  roles: TTeamRole[]
  /** The inviting page's address with the invitation's ids and secret. */
  link: string
  expiresAt: Date
}

/** The words of an invitation email: who invites, to which workspace, in which role, and the link. */
export function composeInvitation(mail: TInvitation): { subject: string; text: string } {
  const roles = mail.roles.join(' and ')
  const until = mail.expiresAt.toISOString().slice(0, 16).replace('T', ' ')
  return {
    subject: `${mail.inviterName} invited you to ${mail.teamName} on Parsedesk`,
    text: [
      'Hello,',
      '',
      `${mail.inviterName} invited you to join the workspace "${mail.teamName}" on Parsedesk as ${roles}.`,
      '',
      'Accept the invitation:',
      mail.link,
      '',
      `The link works once, until ${until} UTC. If you did not expect this invitation, ignore this email.`,
      '',
    ].join('\n'),
  }
}
