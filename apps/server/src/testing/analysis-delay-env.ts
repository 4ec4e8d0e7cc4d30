/**
 * Asked of startServerProcess in its `env` (and `restart`'s), it starts analysis-delay-main.ts instead of
 * main.ts: every ticket analysis in that process waits this many milliseconds first.
 */
export const ANALYSIS_DELAY_ENV = 'PARSEDESK_TEST_ANALYSIS_DELAY_MS'
