import dns from 'node:dns'
import ipaddr from 'ipaddr.js'

/**
 * Hosts a user may point Parsedesk at (an IMAP server now; webhooks and mail relays later) must be on the
 * public internet: otherwise anyone with an account could make our servers connect to, and send their
 * credentials to, what only we can reach (a cloud's metadata service at 169.254.169.254, the database,
 * an admin page on localhost). A self-hoster whose mail server is on their own network names it in
 * OUTBOUND_ALLOWED_HOSTS.
 */
export type TOutboundPolicy = {
  /** Host names (exact, any case) and addresses or ranges (`10.0.0.5`, `192.168.0.0/16`) allowed anyway. */
  allowedHosts: readonly string[]
}

export const OPEN_INTERNET_ONLY: TOutboundPolicy = { allowedHosts: [] }

export class OutboundHostRefused extends Error {
  constructor(
    readonly host: string,
    readonly reason: string,
  ) {
    super(`${host} ${reason}`)
  }
}

type TLookup = (host: string) => Promise<{ address: string }[]>

const lookupAll: TLookup = (host) => dns.promises.lookup(host, { all: true, verbatim: true })

function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  const bare = text.replace(/^\[(.*)\]$/, '$1')
  return ipaddr.isValid(bare) ? ipaddr.parse(bare) : undefined
}

/** Whether a connection to this address reaches the public internet, and only it. */
function isPublicAddress(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    return isPublicAddress((address as ipaddr.IPv6).toIPv4Address())
  }
  return address.range() === 'unicast'
}

function isAllowedByPolicy(policy: TOutboundPolicy, host: string, address?: ipaddr.IPv4 | ipaddr.IPv6) {
  return policy.allowedHosts.some((entry) => {
    if (entry.toLowerCase() === host.toLowerCase()) return true
    if (!address) return false
    const range = entry.includes('/') ? safeCidr(entry) : undefined
    if (range) return address.kind() === range[0].kind() && address.match(range)
    const single = parseAddress(entry)
    return (
      !!single &&
      single.kind() === address.kind() &&
      single.toNormalizedString() === address.toNormalizedString()
    )
  })
}

function safeCidr(entry: string): [ipaddr.IPv4 | ipaddr.IPv6, number] | undefined {
  try {
    return ipaddr.parseCIDR(entry)
  } catch {
    return undefined
  }
}

/** Whether the operator named this host (or its address) in OUTBOUND_ALLOWED_HOSTS. */
export function allowedHost(host: string, policy: TOutboundPolicy): boolean {
  const name = host.trim().toLowerCase().replace(/\.$/, '')
  return isAllowedByPolicy(policy, name, parseAddress(name))
}

/**
 * The reason a host as typed is refused before any lookup (an address, in any of the forms resolvers
 * accept: `127.1`, `0177.0.0.1`, `2130706433`, `::ffff:7f00:1`; or a `localhost` name), or undefined.
 */
export function refusedHost(host: string, policy: TOutboundPolicy): string | undefined {
  const name = host.trim().toLowerCase().replace(/\.$/, '')
  if (isAllowedByPolicy(policy, name, parseAddress(name))) return undefined
  if (name === 'localhost' || name.endsWith('.localhost')) return 'is this server itself'
  const address = parseAddress(name)
  if (address && !isPublicAddress(address)) return 'is not an address on the public internet'
  return undefined
}

/**
 * The address to connect to for `host`: looked up once, refused if any address it has is not public
 * (so a name cannot hide an internal address among public ones), and returned so the caller connects
 * to exactly the address that was checked, with no second lookup an attacker's DNS could answer
 * differently.
 */
export async function resolveOutboundAddress(
  host: string,
  policy: TOutboundPolicy,
  lookup: TLookup = lookupAll,
): Promise<string> {
  const refused = refusedHost(host, policy)
  if (refused) throw new OutboundHostRefused(host, refused)
  const literal = parseAddress(host)
  const addresses = literal ? [literal] : (await lookup(host)).map(({ address }) => ipaddr.parse(address))
  const first = addresses[0]
  if (!first) throw new OutboundHostRefused(host, 'has no address')
  const inside = addresses.find(
    (address) => !isPublicAddress(address) && !isAllowedByPolicy(policy, host, address),
  )
  if (inside) throw new OutboundHostRefused(host, 'is not an address on the public internet')
  return first.toString()
}

/** OUTBOUND_ALLOWED_HOSTS as a policy: comma-separated names, addresses and ranges. */
export function parseOutboundPolicy(setting: string | undefined): TOutboundPolicy {
  return {
    allowedHosts: (setting ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  }
}
