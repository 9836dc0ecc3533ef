import { describe, expect, it } from 'vitest';
import { bookingPageChecker, framingAllowed } from './booking-page.ts';
import { DownloadError, type PageHead } from '../images/safe-download.ts';

const SITE = 'https://dads.school.org.uk';
const allowed = (headers: Record<string, string | string[]>, site = SITE) => framingAllowed(headers, site);

describe('whether a booking page may be shown in a frame on the site', () => {
  it('follows X-Frame-Options when no frame-ancestors is sent', () => {
    expect(allowed({})).toBe(true);
    expect(allowed({ 'x-frame-options': 'DENY' })).toBe(false);
    expect(allowed({ 'x-frame-options': 'sameorigin' })).toBe(false);
    expect(allowed({ 'x-frame-options': 'ALLOW-FROM https://dads.school.org.uk' })).toBe(true);
    expect(allowed({ 'content-security-policy': "default-src 'self'", 'x-frame-options': 'DENY' })).toBe(false);
  });

  it('lets frame-ancestors decide when sent, in every policy', () => {
    expect(allowed({ 'content-security-policy': "frame-ancestors 'none'" })).toBe(false);
    expect(allowed({ 'content-security-policy': "frame-ancestors 'self'" })).toBe(false);
    expect(allowed({ 'content-security-policy': 'frame-ancestors *', 'x-frame-options': 'DENY' })).toBe(true);
    expect(allowed({ 'content-security-policy': 'frame-ancestors https:' })).toBe(true);
    expect(allowed({ 'content-security-policy': "frame-ancestors 'self' https://*.school.org.uk" })).toBe(true);
    expect(allowed({ 'content-security-policy': 'frame-ancestors dads.school.org.uk' })).toBe(true);
    expect(allowed({ 'content-security-policy': 'frame-ancestors https://DADS.school.org.uk/events' })).toBe(true);
    expect(allowed({ 'content-security-policy': 'frame-ancestors https://other.org.uk *.tickets.example' })).toBe(false);
    expect(allowed({ 'content-security-policy': 'frame-ancestors https://dads.school.org.uk:8443' })).toBe(false);
    expect(allowed({ 'content-security-policy': 'frame-ancestors http://localhost:4321' }, 'http://localhost:4321')).toBe(true);
    expect(allowed({ 'content-security-policy': 'frame-ancestors localhost' }, 'http://localhost:4321')).toBe(false);
    // Two policies (two headers, or one joined by a comma): both must allow it.
    expect(allowed({ 'content-security-policy': ['frame-ancestors *', "frame-ancestors 'none'"] })).toBe(false);
    expect(allowed({ 'content-security-policy': "frame-ancestors *, frame-ancestors 'self'" })).toBe(false);
    expect(allowed({ 'content-security-policy': "script-src 'self', frame-ancestors https:" })).toBe(true);
  });
});

describe('the booking page asked when its address is saved', () => {
  const answering = (head: PageHead | Error) =>
    bookingPageChecker({
      enabled: true,
      allowPrivate: false,
      siteOrigin: SITE,
      probe: () => (head instanceof Error ? Promise.reject(head) : Promise.resolve(head)),
    });

  it('says frame, new tab or missing by its answer, and nothing sure when it has none', async () => {
    const url = 'https://tickets.club-bookings.co.uk/e/42';
    expect(await answering({ status: 200, headers: {} })(url)).toBe('frame');
    expect(await answering({ status: 200, headers: { 'x-frame-options': 'DENY' } })(url)).toBe('new-tab');
    expect(await answering({ status: 404, headers: {} })(url)).toBe('missing');
    expect(await answering({ status: 410, headers: {} })(url)).toBe('missing');
    expect(await answering({ status: 403, headers: { 'x-frame-options': 'DENY' } })(url)).toBeNull();
    expect(await answering({ status: 503, headers: {} })(url)).toBeNull();
    expect(await answering(new DownloadError('tickets.club-bookings.co.uk has no address'))(url)).toBeNull();
  });

  it('never looks up a name reserved for examples and tests, nor anything when turned off', async () => {
    let asked = 0;
    const check = bookingPageChecker({
      enabled: true,
      allowPrivate: false,
      siteOrigin: SITE,
      probe: () => {
        asked++;
        return Promise.resolve({ status: 200, headers: {} });
      },
    });
    for (const url of [
      'https://booking.example.org/1',
      'https://tickets.example/den',
      'http://x.test/',
      'https://example.com/a',
      'http://localhost/b',
      'https://Booking.Example.ORG./1',
      'https://tickets.TEST./x',
    ]) {
      expect(await check(url)).toBeNull();
    }
    expect(asked).toBe(0);
    const off = bookingPageChecker({
      enabled: false,
      allowPrivate: false,
      siteOrigin: SITE,
      probe: () => Promise.reject(new Error('asked')),
    });
    expect(await off('https://tickets.club-bookings.co.uk/e/42')).toBeNull();
  });
});
