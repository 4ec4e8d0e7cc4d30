/**
 * The composer's height with nothing in it (the Reply tab: To and Cc, toolbar, text, the signature's line,
 * Attach, the send buttons; wrapped below sm), held by its placeholder while its chunk loads and kept by the
 * shorter Note tab: the conversation under it never moves when it arrives or when the tabs change (decision
 * 045).
 */
export const COMPOSER_MIN_HEIGHT = 'min-h-[32.25rem] sm:min-h-[24.375rem]'
