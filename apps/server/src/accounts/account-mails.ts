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

export function composeEmailChange(options: { link: string; expiresAt: Date }) {
  return {
    subject: 'Confirm your new email address for Parsedesk',
    text: [
      'Hello,',
      '',
      'Someone signed in to a Parsedesk account asked to use this address for it. To sign in with this',
      'address from now on, open:',
      options.link,
      '',
      `The link works once, until ${utc(options.expiresAt)}. Until then the account keeps its old address.`,
      'If you did not ask for this, ignore this email: nothing changes.',
      '',
    ].join('\n'),
  }
}

/** To the owner of an address another account asked to move to: the asker is told nothing different. */
export function composeEmailTakenNotice() {
  return {
    subject: 'Someone tried to use your email address on Parsedesk',
    text: [
      'Hello,',
      '',
      'Someone signed in to another Parsedesk account asked to move it to this address. This address',
      'already belongs to your account, so nothing changed: your account keeps it.',
      '',
      'You need not do anything. If you forgot your password, you can reset it from the sign-in page.',
      '',
    ].join('\n'),
  }
}
