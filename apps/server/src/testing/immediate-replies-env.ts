/**
 * Test servers send replies at once, as before undo-send (decision 039): suites that send a reply and wait
 * for the relay would otherwise each wait out the hold. The suites about undo-send choose a window per
 * workspace (team preference `undoSendSeconds`), which this does not change.
 */
export const IMMEDIATE_REPLIES_ENV = { UNDO_SEND_SECONDS: '0' } as const
