// What a channel may use of a ticket's conversation: mail/ imports conversations/ through this file only
// (.dependency-cruiser.cjs), so the conversation's own files can change without reaching into intake.
export type { TConversationsModule } from './conversations-module'
export { addCustomerCopies, copiesOfMail } from './customer-copies'
export { insertMessage } from './message-repository'
export { messagePermissions } from './messages-collection'
export { recordReturnedMail } from './returned-mail'
