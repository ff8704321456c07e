// A device's push endpoint is a URL the browser got from its push service; the server posts to it. Whoever
// saves a subscription writes that URL, so it is read strictly: two URL parsers that disagree on its host
// (WHATWG's `new URL` and the legacy `url.parse` that web-push dials with) once let
// `https://127.0.0.1%2Epush.apple.com/` pass as Apple's and post to 127.0.0.1 (issue 43). Here one parser
// reads it, the result is what is stored, and the sender dials the host this same function returns.

// What a push service's authority looks like: a DNS name of letters, digits, dots and hyphens (or an IPv4
// address the allow-list names exactly, as the tests' local push service), and a port only when the
// allow-list names one. No percent-encoding, no user or password, no IPv6 brackets, no
// ideographic or full-width dots, no spaces: anything a parser could read two ways is refused, not repaired.
const AUTHORITY = /^https:\/\/([a-z0-9.-]+)(?::(\d{1,5}))?(?=[/?#]|$)/i;
const LABEL = /^(?!xn--)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;

type AllowedHost = { host: string; wildcard: boolean; port: string };

function allowedHosts(hosts: string): AllowedHost[] {
  return hosts
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
    .map((entry) => {
      const wildcard = entry.startsWith('*.');
      const [host = '', port = '443'] = (wildcard ? entry.slice(2) : entry).split(':');
      return { host, wildcard, port };
    });
}

/**
 * The endpoint as stored and dialled (a WHATWG URL), or null when it is not an https URL on one of the
 * `PUSH_ENDPOINT_HOSTS`: `*.push.apple.com` takes any name under push.apple.com on port 443; an entry
 * with a port (`127.0.0.1:4176`, the tests' push service) takes that host on that port only. A wildcard
 * never takes an IP address, and internationalised (`xn--`) names are never push services.
 */
export function pushEndpoint(raw: string, hosts: string): URL | null {
  if (raw.length > 2000 || !PRINTABLE_ASCII.test(raw) || raw.includes('\\')) return null;
  const authority = AUTHORITY.exec(raw);
  if (!authority) return null;
  const name = (authority[1] ?? '').toLowerCase();
  const port = authority[2] ?? '443';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  // The parser must read the very name the check above read: no IPv4 shorthand turned into an address,
  // no trailing dot, no name it rewrote.
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.hostname !== name) return null;
  if (!name.split('.').every((label) => LABEL.test(label))) return null;
  if ((url.port || '443') !== port) return null;
  const allowed = allowedHosts(hosts).some(
    (entry) => entry.port === port && (entry.wildcard ? name.endsWith(`.${entry.host}`) : name === entry.host),
  );
  return allowed ? url : null;
}
