import { expect, it } from 'vitest';
import { emailOrBlank, optionalEmail, optionalHttpUrl, optionalImageUrl, requiredHttpUrl, requiredImageUrl } from './fields.ts';

it('takes an email address however a volunteer pasted it, and refuses what no mail program can write to', () => {
  const settings = optionalEmail('Contact email');
  const page = emailOrBlank('Contact email');
  const taken = {
    ' Dads@Example.org ': 'Dads@Example.org',
    'mailto:dads@example.org': 'dads@example.org',
    'MAILTO: dads@example.org': 'dads@example.org',
    'Dads Club <dads@example.org>': 'dads@example.org',
    '"Dads, Club" <mailto:dads@example.org>': 'dads@example.org',
    'dads@exämple.org': 'dads@exämple.org',
    'dads@xn--exmple-cua.org': 'dads@xn--exmple-cua.org',
    'dads+club@school.example.co.uk': 'dads+club@school.example.co.uk',
  };
  for (const [typed, stored] of Object.entries(taken)) {
    expect(settings.parse(typed), typed).toBe(stored);
    expect(page.parse(typed), typed).toBe(stored);
  }
  expect(settings.parse('  ')).toBeNull();
  expect(page.parse('  ')).toBe('');
  expect(settings.parse(undefined)).toBeUndefined();
  for (const refused of [
    'dads',
    'dads@',
    '@example.org',
    'dads@@example.org',
    'dads@localhost',
    'dads@[127.0.0.1]',
    'dads@example.org:25',
    'dads@example.org/x',
    'dads@example.org?bcc=all@example.net',
    'dads@exa mple.org',
    'dads@example.org\u200b',
    'dads@%65xample.org',
    'Dads <dads@example.org',
    'dads@example.org\u0000',
  ]) {
    const answer = settings.safeParse(refused);
    expect(answer.success, refused).toBe(false);
    expect(page.safeParse(refused).success, refused).toBe(false);
  }
});

it('takes a web address typed without https://, as an address bar does, and nothing else that lacks it', () => {
  const link = requiredHttpUrl('Booking URL');
  const groupLink = optionalHttpUrl('Social group link');
  const picture = optionalImageUrl('Event image');
  const galleryPicture = requiredImageUrl('Image URL', 'Image URL is required');
  const completed = {
    'www.eventbrite.co.uk/e/123': 'https://www.eventbrite.co.uk/e/123',
    ' tickets.example.org ': 'https://tickets.example.org',
    'forms.gle/AbC?usp=sf': 'https://forms.gle/AbC?usp=sf',
    'münchen.de/book#top': 'https://münchen.de/book#top',
    'shop.example.com:8443/b': 'https://shop.example.com:8443/b',
    'example.org.': 'https://example.org.',
    'HTTPS://TICKETS.EXAMPLE.ORG/X': 'HTTPS://TICKETS.EXAMPLE.ORG/X',
    'http://tickets.example.org': 'http://tickets.example.org',
  };
  for (const [typed, stored] of Object.entries(completed)) {
    for (const schema of [link, groupLink, picture, galleryPicture]) expect(schema.parse(typed), typed).toBe(stored);
  }
  for (const refused of [
    'javascript:alert(1)',
    'javascript:alert(1)//example.org',
    'data:text/html,example.org',
    'mailto:dads@example.org',
    'dads@example.org',
    'user:pw@example.org',
    'localhost:3000/admin',
    'printer.localhost/x',
    '192.168.1.1/admin',
    '10.0.0.1',
    '//example.org',
    '/news',
    'example',
    'example.org\u0000',
    'www.exa mple.org',
    '-bad.example.org',
  ]) {
    expect(link.safeParse(refused).success, refused).toBe(false);
    expect(groupLink.safeParse(refused).success, refused).toBe(false);
  }
  expect(groupLink.parse('')).toBeNull();
  expect(picture.parse('/images/abc.webp')).toBe('/images/abc.webp');
});
