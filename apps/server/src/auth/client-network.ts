import ipaddr from 'ipaddr.js';

/**
 * What sign-in failures are counted against on the client's side: its address (an IPv6 client by its /64, which one
 * host usually holds whole) and the network around it (IPv4 /24, IPv6 /48), where a guesser who rotates addresses
 * still lands. An unreadable address counts as itself.
 */
export function clientKeysOf(ip: string): { address: string; network: string } {
  if (!ipaddr.isValid(ip)) return { address: ip, network: ip };
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') {
    const address = parsed.toString();
    return { address, network: `${prefixOf(parsed, 24)}/24` };
  }
  return { address: `${prefixOf(parsed, 64)}/64`, network: `${prefixOf(parsed, 48)}/48` };
}

function prefixOf(address: ipaddr.IPv4 | ipaddr.IPv6, bits: number): string {
  const bytes = address.toByteArray();
  const kept = bytes.map((byte, index) => {
    const left = bits - index * 8;
    if (left >= 8) return byte;
    if (left <= 0) return 0;
    return byte & (0xff << (8 - left));
  });
  return ipaddr.fromByteArray(kept).toString();
}
