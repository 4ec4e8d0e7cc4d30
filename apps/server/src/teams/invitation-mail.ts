import type { TTeamRole } from '@parsedesk/contracts'

export type TInvitation = {
  teamName: string
  inviterName: string
  roles: TTeamRole[]
  /** The inviting page's address with the invitation's ids and secret. */
  link: string
  expiresAt: Date
}

/**
 * A name anyone can choose, as an invitation quotes it: nothing a mail program would turn into a link
 * (`evil.example`, `https://...`, `a@b.example`), so the only link in the mail is ours: a dot before a
 * name's next two letters, `://` and an at sign inside a word are bracketed, as advisories write hostile
 * addresses. Initials (`J.R.R. Tolkien`) stay as they are.
 */
export function unlinkable(name: string): string {
  return name
    .replace(/:\/\//g, '[:]//')
    .replace(/(\w)\.(?=[a-z]{2})/gi, '$1[.]')
    .replace(/(\w)@(?=\w)/g, '$1[at]')
}

/**
 * The words of an invitation email: who invites, to which workspace, in which role, and the link. The
 * subject is ours alone: names the inviter chose stay out of it (a subject is what a spam run is read by),
 * and in the text they are quoted and cannot be clicked.
 */
export function composeInvitation(mail: TInvitation): { subject: string; text: string } {
  const roles = mail.roles.join(' and ')
  const until = mail.expiresAt.toISOString().slice(0, 16).replace('T', ' ')
  return {
    subject: 'You are invited to a workspace on Parsedesk',
    text: [
      'Hello,',
      '',
      `"${unlinkable(mail.inviterName)}" invited you to join the workspace "${unlinkable(mail.teamName)}" on Parsedesk as ${roles}.`,
      '',
      'Accept the invitation:',
      mail.link,
      '',
      `The link works once, until ${until} UTC. If you did not expect this invitation, ignore this email.`,
      '',
    ].join('\n'),
  }
}
