import net from 'node:net'

/**
 * The network a client address stands for when counting what "one client" may hold: an IPv4 address as
 * it is (an IPv4-mapped IPv6 one as IPv4), an IPv6 address as its /64, which one subscriber gets whole
 * (RFC 6177), so looping over the 2^64 addresses of one's own line counts as one client.
 */
export function clientNetwork(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)
  if (mapped?.[1]) return mapped[1]
  if (net.isIPv6(ip)) {
    const [head = '', tail] = ip.toLowerCase().split('%')[0]?.split('::') ?? []
    const left = head ? head.split(':') : []
    const right = tail ? tail.split(':') : []
    // The last group may be an embedded IPv4 (two groups); only the first four groups matter here.
    const missing = tail === undefined ? 0 : 8 - left.length - right.length
    const groups = [...left, ...Array<string>(Math.max(0, missing)).fill('0'), ...right]
    return `${groups
      .slice(0, 4)
      .map((group) => Number.parseInt(group, 16).toString(16))
      .join(':')}::/64`
  }
  return ip
}
