/** The words of the mails that carry an account's single-use links. */

function utc(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`
}

export function composeRecovery(options: { link: string; expiresAt: Date }) {
  return {
    subject: 'Reset your Parsedesk password',
    text: [
      'Hello,',
      '',
      'Someone asked to reset the password of your Parsedesk account. To choose a new one, open:',
      options.link,
      '',
      `The link works once, until ${utc(options.expiresAt)}. Setting a new password signs you out everywhere.`,
      'If you did not ask for this, ignore this email: your password stays as it is.',
      '',
    ].join('\n'),
  }
}

export function composeVerification(options: { link: string; expiresAt: Date }) {
  return {
    subject: 'Confirm your email address for Parsedesk',
    text: [
      'Hello,',
      '',
      'To confirm that this address is yours, open:',
      options.link,
      '',
      `The link works once, until ${utc(options.expiresAt)}. If you did not ask for this, ignore this email.`,
      '',
    ].join('\n'),
  }
}
