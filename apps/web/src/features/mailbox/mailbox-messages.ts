/** The mailbox area's toasts and confirmations, in one place. */
export const MailboxToasts = {
  copied: 'Copied to the clipboard',
  copyFailed: 'Could not copy',
  copyFailedText: 'Select the text and copy it yourself.',
  regenerated: 'New parsing address ready',
  regenerateFailed: 'Failed to regenerate the address',
  imapConnected: 'IMAP mailbox connected',
  imapConnectedText: 'Parsedesk is signing in to it now.',
  imapConnectFailed: 'Failed to connect the mailbox',
  imapUpdateFailed: 'Failed to change the mailbox',
  imapRemoved: 'IMAP mailbox removed',
  imapRemoveFailed: 'Failed to remove the mailbox',
} as const

/** Lines the mail cards show in place of what the reader's role does not offer. */
export const MailboxNotes = {
  managersOnly: 'Owners and admins regenerate the address and manage the webhook URLs and IMAP mailboxes.',
} as const
