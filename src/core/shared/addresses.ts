import ipaddr from 'ipaddr.js';

// Which IP addresses count as "on the public internet", and how client addresses are grouped.
// Pure and free of Node imports: the field rules (also run by the admin forms) and the
// server's image fetcher share it (docs/decisions/010-security-guarantees.md).

type Parsed = ipaddr.IPv4 | ipaddr.IPv6;

function parse(address: string): Parsed | null {
  const bare = address.replace(/^\[|\]$/g, '');
  // ipaddr.js reads every IPv4 spelling (decimal 2130706433, octal 0177.0.0.1, hex 0x7f.1, short
  // forms); an IPv4 address is only taken in those forms, never as a hostname that looks numeric.
  if (!ipaddr.isValid(bare)) return null;
  try {
    return ipaddr.parse(bare);
  } catch {
    return null;
  }
}

const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];
const WELL_KNOWN_NAT64 = ipaddr.parseCIDR('64:ff9b::/96') as [ipaddr.IPv6, number];

/** The IPv4 address carried inside an IPv6 one (mapped, translated, NAT64, 6to4), if any. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const bytes = address.toByteArray();
  switch (address.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return new ipaddr.IPv4(bytes.slice(12));
    case 'rfc6052':
      // Only the well-known /96 prefix has a fixed place for the IPv4 part; the local-use /48
      // is a private network's own translator.
      return address.match(WELL_KNOWN_NAT64) ? new ipaddr.IPv4(bytes.slice(12)) : null;
    case '6to4':
      return new ipaddr.IPv4(bytes.slice(2, 6));
    default:
      return null;
  }
}

/**
 * True only for public unicast addresses: every loopback, private, link-local, shared (CGNAT),
 * reserved, documentation, multicast and unspecified address is refused, in whatever spelling,
 * and so is an IPv6 address that carries such an IPv4 address. Anything unparsable is refused.
 */
export function isPublicAddress(address: string): boolean {
  const parsed = parse(address);
  if (!parsed) return false;
  if (parsed.kind() === 'ipv4') return (parsed as ipaddr.IPv4).range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  const range = v6.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145' || range === 'rfc6052' || range === '6to4') {
    const inner = embeddedIPv4(v6);
    return inner !== null && inner.range() === 'unicast';
  }
  // Teredo and the other special blocks inside 2000::/3 are tunnels or not routed.
  return range === 'unicast' && v6.match(GLOBAL_UNICAST);
}

/** True when the text is an IP address in any spelling ipaddr.js reads. */
function isIpAddress(text: string): boolean {
  return parse(text) !== null;
}

/**
 * Whether a host name (a URL's `hostname`, or a Host header without its port) names this machine
 * itself, as only its own browser can reach it: `localhost` names and loopback addresses in any
 * spelling (127.0.0.1, 127.1, [::1], ::ffff:127.0.0.1).
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const parsed = parse(host);
  if (!parsed) return false;
  const v6 = parsed.kind() === 'ipv6' ? (parsed as ipaddr.IPv6) : null;
  const address = v6?.isIPv4MappedAddress() ? v6.toIPv4Address() : parsed;
  return address.range() === 'loopback';
}

/**
 * A hostname of a URL that is plainly not on the public internet: `localhost` names and IP
 * literals that are not public. Other names are judged when they are resolved.
 */
export function isLocalHostname(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return isIpAddress(host) && !isPublicAddress(host);
}

/** `[2001:db8::1]:443` or `203.0.113.7:51234`: a port after the address, as some proxies write X-Forwarded-For. */
const WITH_PORT = /^\[([^\]]+)\](?::\d{1,5})?$|^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/;

/**
 * A client's address in one spelling, so that every spelling of one address is counted, shown and
 * searched as one: a port or brackets around it dropped, an IPv4 address carried in IPv6 (what a
 * server listening on every interface sees of IPv4 clients, `::ffff:203.0.113.7`) as IPv4, and
 * IPv6 in RFC 5952's form (lower case, zeros compressed). Text that is no address is kept (its
 * first 100 characters): a proxy's `unknown`, say.
 */
export function canonicalAddress(address: string): string {
  const text = address.trim();
  const withPort = WITH_PORT.exec(text);
  const parsed = parse(withPort ? (withPort[1] ?? withPort[2] ?? text) : text);
  if (!parsed) return text.slice(0, 100);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  return v6.isIPv4MappedAddress() ? v6.toIPv4Address().toString() : v6.toRFC5952String();
}

/**
 * The group a client address is counted in: an IPv4 address alone (mapped IPv6 included), an
 * IPv6 address by its /64, since one subscriber holds a whole /64 and can rotate through it.
 */
export function addressGroup(address: string): string {
  const canonical = canonicalAddress(address);
  const parsed = parse(canonical);
  if (!parsed || parsed.kind() === 'ipv4') return canonical;
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(':')}::/64`;
}
