import { describe, expect, it } from 'vitest';
import { addressGroup, canonicalAddress, isLocalHostname, isLoopbackHost, isPublicAddress } from './addresses.ts';

describe('public addresses', () => {
  it('refuses every spelling of loopback, private, link-local and metadata addresses', () => {
    const notPublic = [
      '127.0.0.1',
      '127.1',
      '2130706433',
      '0x7f000001',
      '0177.0.0.1',
      '0x7f.0.0.1',
      '0.0.0.0',
      '0',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '192.0.2.1',
      '198.51.100.7',
      '203.0.113.9',
      '240.0.0.1',
      '198.18.0.1',
      '::1',
      '::',
      '[::1]',
      'fe80::1',
      'fe80::1%eth0',
      'fd00::1',
      'fc00::5',
      'ff02::1',
      'fec0::1',
      // IPv4 inside IPv6: mapped, translated, NAT64 and 6to4 forms of private addresses.
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '[::ffff:7f00:1]',
      '0:0:0:0:0:ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '::ffff:0:127.0.0.1',
      '64:ff9b::127.0.0.1',
      '64:ff9b::a00:1',
      '2002:7f00:1::1',
      '2002:c0a8:101::1',
      '64:ff9b:1::1',
      // Deprecated IPv4-compatible form, Teredo, documentation, discard.
      '::127.0.0.1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '2001:db8::1',
      '100::1',
      'not an address',
      '',
      'example.com',
    ];
    for (const address of notPublic) expect(isPublicAddress(address), address).toBe(false);
  });

  it('accepts public unicast addresses, also when carried in IPv6', () => {
    for (const address of [
      '8.8.8.8',
      '151.101.1.69',
      '1.1.1.1',
      '2a00:1450:4009:81d::200e',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
      '64:ff9b::8.8.8.8',
      '2002:808:808::1',
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('recognises local hostnames in URLs', () => {
    for (const host of ['localhost', 'LOCALHOST', 'api.localhost', 'localhost.', '127.0.0.1', '[::1]', '[::ffff:7f00:1]', '10.1.2.3']) {
      expect(isLocalHostname(host), host).toBe(true);
    }
    for (const host of ['example.com', 'booking.example.org', '8.8.8.8', '[2606:4700::1111]'])
      expect(isLocalHostname(host), host).toBe(false);
  });

  it('groups IPv6 clients by their /64 and IPv4 clients alone', () => {
    expect(addressGroup('2001:db8:1:2:aaaa::1')).toBe(addressGroup('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(addressGroup('2001:db8:1:2::1')).not.toBe(addressGroup('2001:db8:1:3::1'));
    expect(addressGroup('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressGroup('192.0.2.1')).toBe('192.0.2.1');
    expect(addressGroup('192.0.2.2')).not.toBe('192.0.2.1');
    expect(addressGroup('unknown')).toBe('unknown');
  });

  it('reads every spelling of one client address as one: ports, brackets, IPv4 inside IPv6, case and zeros', () => {
    const spellings = {
      '203.0.113.7': [
        '203.0.113.7',
        ' 203.0.113.7 ',
        '203.0.113.7:51234',
        '::ffff:203.0.113.7',
        '[::ffff:203.0.113.7]:443',
        '::FFFF:cb00:7107',
      ],
      '2001:db8::1': ['2001:db8::1', '2001:DB8:0:0::1', '2001:0db8:0000:0000:0000:0000:0000:0001', '[2001:db8::1]', '[2001:db8::1]:8443'],
    };
    const groups = { '203.0.113.7': '203.0.113.7', '2001:db8::1': '2001:db8:0:0::/64' };
    for (const [address, written] of Object.entries(spellings)) {
      for (const spelling of written) {
        expect(canonicalAddress(spelling), spelling).toBe(address);
        expect(addressGroup(spelling), spelling).toBe(groups[address as keyof typeof groups]);
      }
    }
    // Not addresses: kept as they are (a proxy's word for "I do not know"), never read as one.
    expect(canonicalAddress('unknown')).toBe('unknown');
    expect(canonicalAddress('203.0.113.7:99999999')).toBe('203.0.113.7:99999999');
    expect(canonicalAddress('example.com:80')).toBe('example.com:80');
    expect(canonicalAddress('x'.repeat(500))).toHaveLength(100);
  });

  it('knows this machine by every name and spelling, and nothing else as it', () => {
    for (const host of [
      'localhost',
      'LOCALHOST',
      'localhost.',
      'club.localhost',
      '127.0.0.1',
      '127.1',
      '2130706433',
      '127.9.9.9',
      '[::1]',
      '::1',
      '[::ffff:127.0.0.1]',
      '[0:0:0:0:0:0:0:1]',
    ])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['dads.example.org', 'localhost.example', '10.0.0.1', '192.168.1.20', '[::]', '0.0.0.0', '[2001:db8::1]', ''])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});
