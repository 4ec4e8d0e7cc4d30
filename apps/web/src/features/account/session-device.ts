import type { Models } from 'appwrite'

export type TSession = Models.Session

/** The fields of Appwrite's Session model that say where a session signed in from. */
export type TSessionOrigin = Pick<
  TSession,
  | 'clientName'
  | 'clientVersion'
  | 'clientType'
  | 'osName'
  | 'osVersion'
  | 'deviceName'
  | 'deviceBrand'
  | 'deviceModel'
  | 'provider'
  | 'ip'
>

const UNKNOWN_DEVICE = 'Unknown device'

/** Appwrite's provider names as people know them; an unknown one is shown as the server gives it. */
const PROVIDER_LABELS: Record<string, string> = {
  email: 'password',
  google: 'Google',
  anonymous: 'no account details',
  magicUrl: 'a sign-in link',
  phone: 'a phone code',
  oauth2: 'a provider',
}

/** Just the major version: "Chrome 120" says enough, "Chrome 120.0.6099.129" only adds noise. */
function majorVersion(version: string): string {
  return version.trim().split('.')[0] ?? ''
}

function joinWords(...words: string[]): string {
  return words
    .map((word) => word.trim())
    .filter(Boolean)
    .join(' ')
}

/**
 * A session's device in a few words, e.g. "Chrome 120 on Android 14 (Samsung Galaxy S21)", from
 * whatever the server filled in; "Unknown device" when it filled in nothing.
 */
export function describeSessionDevice(session: TSessionOrigin): string {
  const client = joinWords(session.clientName, majorVersion(session.clientVersion))
  const system = joinWords(session.osName, session.osVersion)
  const hardware = joinWords(
    session.deviceBrand,
    // Some parsers repeat the brand in the model ("Apple iPhone"): say it once.
    session.deviceModel.toLowerCase().startsWith(session.deviceBrand.toLowerCase())
      ? session.deviceModel.slice(session.deviceBrand.length)
      : session.deviceModel,
  )
  const main = client && system ? `${client} on ${system}` : client || system
  if (main && hardware) return `${main} (${hardware})`
  // Appwrite's device names are kinds ("desktop", "smartphone"): the last thing worth saying.
  const kind = session.deviceName.trim()
  return main || hardware || (kind && kind[0]!.toUpperCase() + kind.slice(1)) || UNKNOWN_DEVICE
}

/** How the session signed in and from which address, e.g. "Signed in with Google · 203.0.113.7". */
export function describeSessionSignIn(session: Pick<TSessionOrigin, 'provider' | 'ip'>): string {
  const provider = session.provider.trim()
  const method = provider ? `Signed in with ${PROVIDER_LABELS[provider] ?? provider}` : 'Signed in'
  return session.ip.trim() ? `${method} · ${session.ip.trim()}` : method
}

/** This device's session first, then the most recently used. */
export function sortSessions<T extends Pick<TSession, 'current' | '$updatedAt' | '$createdAt'>>(
  sessions: readonly T[],
): T[] {
  const time = (iso: string) => {
    const ms = Date.parse(iso)
    return Number.isNaN(ms) ? 0 : ms
  }
  return [...sessions].sort(
    (a, b) =>
      Number(b.current) - Number(a.current) ||
      time(b.$updatedAt) - time(a.$updatedAt) ||
      time(b.$createdAt) - time(a.$createdAt),
  )
}

/** The sessions "sign out of all other sessions" ends: every one but this device's. */
export function otherSessionIds(sessions: readonly Pick<TSession, '$id' | 'current'>[]): string[] {
  return sessions.filter((session) => !session.current).map((session) => session.$id)
}
