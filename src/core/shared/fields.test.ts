import { expect, it } from 'vitest';
import { emailOrBlank, optionalEmail } from './fields.ts';

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
