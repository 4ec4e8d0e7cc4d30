import path from 'node:path'
import {
  INTAKE_BACKLOG,
  INTAKE_LIMITS,
  MAIL_ADDRESS_PATTERN,
  PROJECT_ID_DEFAULT,
  SendingLimitDefaults,
  SessionLimits,
  UndoSend,
} from '@parsedesk/contracts'
import { z } from 'zod'
import { parseOutboundPolicy } from '../core/outbound-address'

export const SERVER_ROLES = ['http', 'smtp', 'worker'] as const
export type TServerRole = (typeof SERVER_ROLES)[number]

/**
 * How many bytes of documents one user is sent per second by one process (documents/read-budget.ts). A
 * single answer is bounded (LIST_MAX_BYTES, one document at most ~6 MB), but one user asking for the
 * biggest documents over and over, ten at a time, kept the server serialising megabytes and everyone else
 * waiting (/v1/ping p50 240 ms on PGlite): past its burst, a user is read to at this rate. A dashboard reads
 * kilobytes.
 */
export const READ_BUDGET = { bytesPerSecond: 8 * 1024 * 1024, burstBytes: 32 * 1024 * 1024 } as const

/**
 * How long one documents list's statements may run on PostgreSQL before they are cancelled (408
 * `database_timeout`). A dashboard's lists take milliseconds; without a bound, a few users' heavy lists held
 * every pooled connection and another user's list waited 9.8 s (decision 025).
 */
export const LIST_STATEMENT_TIMEOUT_MS = 5000

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v))
const port = z.coerce.number().int().min(0).max(65535)
const url = z.url({ protocol: /^https?$/ })
const DOMAIN_PATTERN = /^[a-z0-9.-]+$/i

function isRelayUrl(value: string): boolean {
  try {
    const parsed = new URL(value)
    return /^smtps?:$/.test(parsed.protocol) && parsed.hostname !== '' && /^\/?$/.test(parsed.pathname)
  } catch {
    return false
  }
}

const STORAGE_URL_PARAMS = new Set(['endpoint', 'region', 'forcePathStyle'])

/** Why STORAGE_URL is not one we can use, or undefined when it is. */
function storageUrlProblem(value: string): string | undefined {
  let parsed: URL
  try {
    parsed = new URL(value)
  } catch {
    return 's3://BUCKET?endpoint=https://host:9000&region=REGION'
  }
  if (parsed.protocol !== 's3:' || !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(parsed.hostname))
    return 's3://BUCKET?endpoint=https://host:9000&region=REGION, BUCKET a bucket name'
  // A URL is printed and copied around; a key in it would leak with it.
  if (parsed.username || parsed.password)
    return 'no credentials in the URL: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY'
  if (parsed.pathname !== '' && parsed.pathname !== '/') return 'no path after the bucket'
  const unknown = [...parsed.searchParams.keys()].filter((name) => !STORAGE_URL_PARAMS.has(name))
  if (unknown.length > 0) return `unknown ${unknown.join(', ')}: only endpoint, region and forcePathStyle`
  const endpoint = parsed.searchParams.get('endpoint')
  if (endpoint !== null && !url.safeParse(endpoint).success)
    return 'endpoint must be an http:// or https:// URL'
  const pathStyle = parsed.searchParams.get('forcePathStyle')
  if (pathStyle !== null && !['true', 'false'].includes(pathStyle))
    return 'forcePathStyle must be true or false'
  return undefined
}

/** Where stored files live: DATA_DIR/files, or the bucket STORAGE_URL names. */
function toStorage(env: z.infer<typeof ZEnv>, dataDir: string) {
  if (!env.STORAGE_URL) return { kind: 'local' as const, dir: path.join(dataDir, 'files') }
  const parsed = new URL(env.STORAGE_URL)
  const endpoint = parsed.searchParams.get('endpoint') ?? undefined
  return {
    kind: 's3' as const,
    bucket: parsed.hostname,
    endpoint,
    region: parsed.searchParams.get('region') ?? env.AWS_REGION ?? 'us-east-1',
    // Another server than AWS's rarely has a host name per bucket; AWS itself wants the bucket's host.
    forcePathStyle: (parsed.searchParams.get('forcePathStyle') ?? String(endpoint !== undefined)) === 'true',
    credentials:
      env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
        ? {
            accessKeyId: env.AWS_ACCESS_KEY_ID,
            secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
            sessionToken: env.AWS_SESSION_TOKEN,
          }
        : undefined,
  }
}

// DKIM signs with all three or not at all.
const DKIM_VARIABLES = ['DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY_PATH'] as const

const ZEnvVariables = z.object({
  PORT: port.default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: url.optional(),
  PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,35}$/, 'lower-case letters, digits and hyphens, at most 36')
    .default(PROJECT_ID_DEFAULT),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  SMTP_PORT: port.default(2525),
  SMTP_HOST: z.string().default('0.0.0.0'),
  SMTP_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(25 * 1024 * 1024),
  SMTP_TLS_KEY: optionalString,
  SMTP_TLS_CERT: optionalString,
  INBOUND_DOMAIN: z.string().regex(DOMAIN_PATTERN, 'a domain name').default('inbound.localhost'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  OIDC_ISSUER: url.default('https://accounts.google.com'),
  LLM_BASE_URL: url.optional(),
  LLM_API_KEY: optionalString,
  LLM_MODEL: optionalString,
  // The language the team reads the LLM's summaries and next steps in (a code: de, fr, pt-BR).
  LLM_ANSWER_LANGUAGE: optionalString.refine((value) => !value || /^[a-z]{2,3}(?:-[A-Z]{2})?$/.test(value), {
    message: 'a language code such as de, fr or pt-BR',
  }),
  // A session ends this long after sign-in whatever its use: a longer idle limit could never apply.
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(SessionLimits.lifetimeDays).default(30),
  SECRET_KEY: optionalString,
  // off: PGlite's commits are not synced to disk (decision 030); for test servers, whose data nobody keeps.
  DATABASE_SYNC: z.enum(['on', 'off']).default('on'),
  // main: PGlite on the event loop's thread (decision 034); for in-process test servers, which start faster.
  DATABASE_THREAD: z.enum(['own', 'main']).default('own'),
  IMAP_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // New mail one sender, and one mailbox, may bring in a minute before more is deferred (decision 029).
  INTAKE_PER_SENDER_PER_MINUTE: z.coerce.number().int().min(1).default(INTAKE_LIMITS.perSenderPerMinute),
  INTAKE_PER_MAILBOX_PER_MINUTE: z.coerce.number().int().min(1).default(INTAKE_LIMITS.perMailboxPerMinute),
  // Past this age of the oldest mail waiting to be decided, new mail is deferred (decision 031).
  INTAKE_MAX_WAITING_SECONDS: z.coerce.number().int().min(1).default(INTAKE_BACKLOG.maxWaitingSeconds),
  // How long a reply waits for undo in a workspace that chose no window (decision 039); 0: sent at once.
  UNDO_SEND_SECONDS: z.coerce.number().int().min(0).max(UndoSend.maxSeconds).default(UndoSend.defaultSeconds),
  // What one user is sent of documents per second by one process once past a burst (documents/read-budget.ts).
  READ_BUDGET_BYTES_PER_SECOND: z.coerce.number().int().min(1024).default(READ_BUDGET.bytesPerSecond),
  READ_BUDGET_BURST_BYTES: z.coerce.number().int().min(1024).default(READ_BUDGET.burstBytes),
  LIST_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(LIST_STATEMENT_TIMEOUT_MS),
  OUTBOUND_ALLOWED_HOSTS: optionalString.refine(
    (value) => (value ?? '').split(',').every((entry) => /^[\w.:/[\]-]*$/.test(entry.trim())),
    'a comma-separated list of host names, addresses and ranges such as 10.0.0.0/8',
  ),
  SMTP_RELAY_URL: optionalString.refine(
    (value) => value === undefined || isRelayUrl(value),
    'smtp://user:password@host:587 (STARTTLS when offered) or smtps://user:password@host:465 (TLS)',
  ),
  MAIL_FROM: optionalString.refine(
    (value) => value === undefined || MAIL_ADDRESS_PATTERN.test(value),
    'an address, e.g. Parsedesk <no-reply@example.com> or no-reply@example.com',
  ),
  DKIM_DOMAIN: optionalString.refine(
    (value) => value === undefined || DOMAIN_PATTERN.test(value),
    'a domain name',
  ),
  DKIM_SELECTOR: optionalString.refine(
    (value) => value === undefined || /^[a-z0-9]([a-z0-9_.-]{0,61}[a-z0-9])?$/i.test(value),
    'a DKIM selector: letters, digits, dots, hyphens and underscores',
  ),
  DKIM_PRIVATE_KEY_PATH: optionalString,
  // Outbound mail limits (decision 026): recipients an hour per account and per workspace, the same for a
  // workspace with no verified owner, different addresses a day per workspace.
  OUTBOUND_RECIPIENTS_PER_HOUR: z.coerce
    .number()
    .int()
    .min(1)
    .default(SendingLimitDefaults.recipientsPerHour),
  OUTBOUND_UNVERIFIED_RECIPIENTS_PER_HOUR: z.coerce
    .number()
    .int()
    .min(1)
    .default(SendingLimitDefaults.unverifiedRecipientsPerHour),
  OUTBOUND_DISTINCT_RECIPIENTS_PER_DAY: z.coerce
    .number()
    .int()
    .min(1)
    .default(SendingLimitDefaults.distinctRecipientsPerDay),
  // Unset: raw mail is kept as long as its delivery. At most 100 years, so the cutoff stays a valid date.
  RAW_MAIL_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).optional(),
  STORAGE_URL: optionalString.superRefine((value, context) => {
    const problem = value === undefined ? undefined : storageUrlProblem(value)
    if (problem) context.addIssue({ code: 'custom', message: problem })
  }),
  AWS_ACCESS_KEY_ID: optionalString,
  AWS_SECRET_ACCESS_KEY: optionalString,
  AWS_SESSION_TOKEN: optionalString,
  AWS_REGION: optionalString,
  METRICS_PORT: port.optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: optionalString,
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
})

const ZEnv = ZEnvVariables.superRefine((env, context) => {
  const dkim = DKIM_VARIABLES.filter((name) => env[name] !== undefined)
  if (dkim.length === 0 || dkim.length === DKIM_VARIABLES.length) return
  for (const name of DKIM_VARIABLES.filter((name) => env[name] === undefined)) {
    context.addIssue({
      code: 'custom',
      path: [name],
      message: `set it with ${dkim.join(' and ')}, or none of them`,
    })
  }
})

export type TConfig = ReturnType<typeof toConfig>

function toConfig(env: z.infer<typeof ZEnv>) {
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '')
  const dataDir = path.resolve(env.DATA_DIR)
  const inboundDomain = env.INBOUND_DOMAIN.toLowerCase()
  return {
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    projectId: env.PROJECT_ID,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    /** PGlite's commits synced to disk before they return (decision 030). */
    databaseSync: env.DATABASE_SYNC === 'on',
    /** Where PGlite runs: a thread of its own, or the event loop's (decision 034). */
    databaseThread: env.DATABASE_THREAD,
    smtp: {
      port: env.SMTP_PORT,
      host: env.SMTP_HOST,
      maxBytes: env.SMTP_MAX_BYTES,
      tlsKeyPath: env.SMTP_TLS_KEY,
      tlsCertPath: env.SMTP_TLS_CERT,
    },
    /** How much mail one sender, and one mailbox, may bring in a minute (decision 029). */
    intakeLimits: {
      perSenderPerMinute: env.INTAKE_PER_SENDER_PER_MINUTE,
      perMailboxPerMinute: env.INTAKE_PER_MAILBOX_PER_MINUTE,
    },
    /** Past this age of the oldest waiting mail, new mail is deferred (decision 031). */
    intakeMaxWaitingSeconds: env.INTAKE_MAX_WAITING_SECONDS,
    inboundDomain,
    outbox: {
      /** Where outbound mail goes; it holds the relay's password, so it is never logged. Unset: not sent. */
      relayUrl: env.SMTP_RELAY_URL,
      from: env.MAIL_FROM ?? `Parsedesk <no-reply@${inboundDomain}>`,
      dkim:
        env.DKIM_DOMAIN && env.DKIM_SELECTOR && env.DKIM_PRIVATE_KEY_PATH
          ? {
              domain: env.DKIM_DOMAIN,
              selector: env.DKIM_SELECTOR,
              privateKeyPath: env.DKIM_PRIVATE_KEY_PATH,
            }
          : undefined,
    },
    /** A reply's hold for undo where the workspace chose none (decision 039); 0 sends at once. */
    undoSendSeconds: env.UNDO_SEND_SECONDS,
    /** How much mail members may send (decision 026). */
    sendingLimits: {
      recipientsPerHour: env.OUTBOUND_RECIPIENTS_PER_HOUR,
      unverifiedRecipientsPerHour: env.OUTBOUND_UNVERIFIED_RECIPIENTS_PER_HOUR,
      distinctRecipientsPerDay: env.OUTBOUND_DISTINCT_RECIPIENTS_PER_DAY,
    },
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuer: env.OIDC_ISSUER }
        : undefined,
    llm:
      env.LLM_BASE_URL && env.LLM_MODEL
        ? {
            baseUrl: env.LLM_BASE_URL,
            apiKey: env.LLM_API_KEY,
            model: env.LLM_MODEL,
            answerLanguage: env.LLM_ANSWER_LANGUAGE,
          }
        : undefined,
    sessionIdleMs: env.SESSION_IDLE_DAYS * 86_400_000,
    secretKey: env.SECRET_KEY,
    readBudget: { bytesPerSecond: env.READ_BUDGET_BYTES_PER_SECOND, burstBytes: env.READ_BUDGET_BURST_BYTES },
    listStatementTimeoutMs: env.LIST_STATEMENT_TIMEOUT_MS,
    /** How often IMAP accounts whose server lacks IDLE are checked for new mail. */
    imapPollSeconds: env.IMAP_POLL_SECONDS,
    /** Internal hosts a user may still connect Parsedesk to (IMAP); everything else must be public. */
    outboundPolicy: parseOutboundPolicy(env.OUTBOUND_ALLOWED_HOSTS),
    /**
     * Days the raw bytes of a processed mail are kept; then only what was parsed from them stays (the
     * delivery, the ticket or message with its rawJson, the attachments). Unset: kept as long as the mail.
     */
    rawMailRetentionDays: env.RAW_MAIL_RETENTION_DAYS,
    /** Attachments: on disk under DATA_DIR/files, or in an S3-compatible bucket (its credentials never logged). */
    storage: toStorage(env, dataDir),
    /** The internal listener for /metrics (and the health routes); unset: none. */
    metrics: env.METRICS_PORT === undefined ? undefined : { port: env.METRICS_PORT, host: env.METRICS_HOST },
    logLevel: env.LOG_LEVEL,
    // Only behind a reverse proxy may X-Forwarded-For name the client; otherwise anyone could pick the
    // address that per-IP rate limits count against.
    trustProxy: env.TRUST_PROXY === 'true',
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  }
}

/** Never echoed back: they may hold credentials. */
const SECRET_VARIABLES = new Set([
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'DATABASE_URL',
  'GOOGLE_CLIENT_SECRET',
  'LLM_API_KEY',
  'SECRET_KEY',
  'SMTP_RELAY_URL',
  // Refused when it holds credentials, but the refusal must not print them.
  'STORAGE_URL',
])

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.join('\n')}`)
  }
}

/** Reads and validates the environment once; every bad variable gets one line naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const result = ZEnv.safeParse(env)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment')
      const shown = SECRET_VARIABLES.has(name) ? 'a hidden value' : JSON.stringify(env[name] ?? '')
      return `${name}: ${issue.message} (got ${shown})`
    })
    throw new ConfigError(problems)
  }
  return toConfig(result.data)
}

export function parseRoles(argv: string[]): Set<TServerRole> {
  const flag = argv.find((a) => a.startsWith('--role='))
  if (!flag) return new Set(SERVER_ROLES)
  const names = flag
    .slice('--role='.length)
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean)
  const unknown = names.filter((n) => !(SERVER_ROLES as readonly string[]).includes(n))
  if (unknown.length > 0 || names.length === 0) {
    throw new ConfigError([
      `--role: expected a comma-separated list of ${SERVER_ROLES.join(', ')} (got "${names.join(',')}")`,
    ])
  }
  return new Set(names as TServerRole[])
}
