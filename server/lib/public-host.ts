import { lookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Addresses that are not the public Internet: this host, private networks, link-local, documentation, multicast. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** Whether `address` (IPv4 or IPv6, IPv4-mapped included) is a public Internet address. */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1]! : address;
  const family = isIP(ip);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

export type HostResolver = (hostname: string) => Promise<string[]>;

/** Every address of a name, as the system resolves it for a connection (/etc/hosts included). */
export const systemResolver: HostResolver = (hostname) =>
  new Promise((resolve, reject) => {
    lookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses.map((entry) => entry.address))));
  });

/**
 * Whether a URL's host is on the public Internet: an address literal is checked as it is, a name by every address it
 * resolves to. A name that does not resolve reaches nothing: it is not refused here, and `publicOnlyLookup` checks it
 * again when a connection is made.
 */
export async function isPublicHost(hostname: string, resolve: HostResolver = systemResolver): Promise<boolean> {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(host)) return isPublicAddress(host);
  if (host === 'localhost' || host.endsWith('.localhost')) return false;
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return true;
  }
  return addresses.every(isPublicAddress);
}

/** A `lookup` for an HTTP agent that refuses to connect to any address that is not public (DNS rebinding included). */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused)
      return callback(
        Object.assign(new Error(`${hostname} resolves to ${refused.address}, not a public address`), { code: 'ENOTPUBLIC' }),
        '',
        4,
      );
    if (options.all) return (callback as unknown as (error: null, all: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};
