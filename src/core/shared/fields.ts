import { z } from 'zod';
import { isLocalHostname } from './addresses.ts';
import { parseDateInput } from './time.ts';
import { isSiteImageUrl } from '../images/image-urls.ts';

// Field rules shared by every payload schema. They import nothing from Node, so the admin
// forms can validate with the very same schemas before anything is sent.

const typeError = (label: string, kind: string) => (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be ${kind}`;

/**
 * Characters no field needs: C0 controls other than tab, line feed and carriage return, DEL and
 * the C1 controls. PostgreSQL cannot store NUL at all, and the others break feeds and layouts.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Single-line values (addresses, names in URLs) take no tab or line break either. */
const LINE_BREAKS_AND_TABS = /[\t\n\r]/;

export function hasControlCharacters(value: string, { multiline = true } = {}): boolean {
  return CONTROL_CHARACTERS.test(value) || (!multiline && LINE_BREAKS_AND_TABS.test(value)) || !value.isWellFormed();
}

/**
 * Text with the control characters removed (all but tab and line breaks), for output formats
 * that a single stray character makes invalid (XML, iCalendar), whatever was stored before the
 * field rules refused them.
 */
export function withoutControlCharacters(text: string): string {
  return text.replace(new RegExp(CONTROL_CHARACTERS.source, 'g'), '').toWellFormed();
}

export const controlCharactersMessage = (label: string) => `${label} contains invisible control characters; please remove them`;

/** The refinement every text rule carries: `.refine(...noControlCharacters('Title'))`. */
export function noControlCharacters(label: string, options: { multiline?: boolean } = {}) {
  return [(value: string) => !hasControlCharacters(value, options), controlCharactersMessage(label)] as const;
}

/** Any text: refuses control characters, with a message naming the field. */
export function plainText(label: string, options: { multiline?: boolean; kind?: string } = {}) {
  return z.string({ error: typeError(label, options.kind ?? 'text') }).refine(...noControlCharacters(label, options));
}

/** Text that must be present and not blank, trimmed, at most `max` characters. */
export function requiredText(label: string, max: number) {
  return plainText(label).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);
}

/** Optional text: absent stays absent (an update keeps the stored value); blank or null clears it. */
/** The longest image description (alt text): a sentence or two is what screen readers want. */
export const IMAGE_ALT_MAX = 300;

export function optionalText(label: string, max: number) {
  return plainText(label)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));
}

/** Long text whose blank value is the empty string; absent keeps the stored value. */
export function paragraphText(label: string, max: number) {
  return plainText(label)
    .max(max, `${label} must be at most ${max} characters`)
    .transform((value) => value.replace(/\r\n?/g, '\n').trim())
    .optional();
}

/**
 * A host name with a dot and a top-level domain of letters, then a port, a path or nothing:
 * 'www.eventbrite.co.uk/e/1', 'forms.gle/x', 'münchen.de'. Nothing with a scheme, a user name,
 * a leading slash or a bare IP address looks like this, so such text keeps its own message.
 */
const BARE_HOST = /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}[\p{L}\p{N}-]{1,62}\.?(?::\d{1,5})?(?:[/?#]|$)/u;

/**
 * A web address as people type and paste them, without its scheme, completed with https:// the
 * way a browser's address bar completes it (docs/decisions/076). Anything else is kept as it is.
 */
export function withWebScheme(value: string): string {
  return BARE_HOST.test(value) ? `https://${value}` : value;
}

function parseHttpUrl(value: string): URL | null {
  if (!/^https?:\/\//i.test(value)) return null;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? url : null;
  } catch {
    return null;
  }
}

function isHttpUrl(value: string): boolean {
  return parseHttpUrl(value) !== null;
}

/**
 * Why a web address is refused, or null. The URL parser silently drops tabs and line breaks,
 * so they are looked for in the text itself; a user name or password in a link leaks it to
 * every visitor; a local host in a link points visitors' browsers at their own machines.
 */
function webAddressProblem(label: string, value: string, options: { localHosts: boolean }): string | null {
  if (/\s/.test(value) || hasControlCharacters(value, { multiline: false }))
    return `${label} must not contain spaces, line breaks or control characters`;
  const url = parseHttpUrl(value);
  if (!url) return `${label} must be a web address starting with http:// or https://`;
  if (url.username || url.password) return `${label} must not contain a user name or password`;
  if (!options.localHosts && isLocalHostname(url.hostname))
    return `${label} must be an address on the internet, not a local or private one`;
  return null;
}

/** A refinement that reports the first problem of a web address under its field. */
function webAddress(label: string, options: { localHosts: boolean; blankAllowed: boolean }) {
  return (value: string, ctx: z.RefinementCtx) => {
    if (options.blankAllowed && value === '') return;
    const problem = webAddressProblem(label, value, options);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  };
}

/**
 * Image URLs may name local hosts only on a server started with REMOTE_IMAGES_ALLOW_PRIVATE
 * (tests, intranets), whose fetcher then accepts them too; never in a browser, where `process`
 * does not exist. Links (booking pages, groups) never may.
 */
function localImageHostsAllowed(): boolean {
  return typeof process !== 'undefined' && /^(true|1)$/.test(process.env?.REMOTE_IMAGES_ALLOW_PRIVATE ?? '');
}

const IMAGE_URL_RULE = 'must be an http:// or https:// address, or an image uploaded to this site';

export function isImageUrl(value: string): boolean {
  return isHttpUrl(value) || isSiteImageUrl(value);
}

function imageAddress(label: string, options: { blankAllowed: boolean }) {
  return (value: string, ctx: z.RefinementCtx) => {
    if ((options.blankAllowed && value === '') || isSiteImageUrl(value)) return;
    const problem = /^https?:\/\//i.test(value)
      ? webAddressProblem(label, value, { localHosts: localImageHostsAllowed() })
      : `${label} ${IMAGE_URL_RULE}`;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  };
}

const URL_MAX = 2000;

export function requiredHttpUrl(label: string) {
  return z
    .string({ error: typeError(label, 'a web address') })
    .trim()
    .overwrite(withWebScheme)
    .min(1, `${label} is required`)
    .max(URL_MAX, `${label} must be at most ${URL_MAX} characters`)
    .superRefine(webAddress(label, { localHosts: false, blankAllowed: false }));
}

export function optionalHttpUrl(label: string) {
  return z
    .string({ error: typeError(label, 'a web address') })
    .trim()
    .overwrite(withWebScheme)
    .max(URL_MAX, `${label} must be at most ${URL_MAX} characters`)
    .superRefine(webAddress(label, { localHosts: false, blankAllowed: true }))
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));
}

export function optionalImageUrl(label: string) {
  return z
    .string({ error: typeError(label, 'a web address') })
    .trim()
    .overwrite(withWebScheme)
    .max(URL_MAX, `${label} must be at most ${URL_MAX} characters`)
    .superRefine(imageAddress(label, { blankAllowed: true }))
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));
}

export function requiredImageUrl(label: string, requiredMessage: string) {
  return z
    .string({ error: (issue) => (issue.input == null ? requiredMessage : `${label} ${IMAGE_URL_RULE}`) })
    .trim()
    .overwrite(withWebScheme)
    .min(1, requiredMessage)
    .max(URL_MAX, `${label} must be at most ${URL_MAX} characters`)
    .superRefine(imageAddress(label, { blankAllowed: false }));
}

/** A date or timestamp as the forms send it; the service fixes it to an instant in the club's zone. */
export function requiredDate(label: string) {
  return plainText(label, { kind: 'a date' })
    .trim()
    .min(1, `${label} is required`)
    .refine((value) => parseDateInput(value, 'UTC') !== null, `${label} must be a valid date, such as 2026-12-05 or 2026-12-05T18:30:00Z`);
}

/**
 * The address in what a volunteer pasted from a mail program: "mailto:dads@example.org" and
 * "Dads Club <dads@example.org>" give dads@example.org. Anything else is kept as typed.
 */
function bareEmail(value: string): string {
  const inAngles = /<([^<>]*)>\s*$/.exec(value)?.[1] ?? value;
  return inAngles
    .trim()
    .replace(/^mailto:/i, '')
    .trim();
}

/**
 * An address a mail program can write to: zod's rule, with a domain in any script (the URL
 * parser, in Node and in browsers alike, gives its ASCII form to check: dads@exämple.org is
 * dads@xn--exmple-cua.org).
 */
function isEmailAddress(value: string): boolean {
  const at = value.lastIndexOf('@');
  const domain = value.slice(at + 1);
  // Only a name: the URL parser would otherwise take a port, a path or an address in brackets,
  // and quietly drop invisible characters that would stay in the stored address.
  if (at <= 0 || /[\s\p{Cf}/?#:@[\]\\%]/u.test(domain)) return false;
  let ascii: string;
  try {
    ascii = new URL(`http://${domain}`).hostname;
  } catch {
    return false;
  }
  return z.email().safeParse(`${value.slice(0, at)}@${ascii}`).success;
}

function emailText(label: string) {
  return plainText(label, { kind: 'an email address' })
    .trim()
    .max(254, `${label} must be at most 254 characters`)
    .transform(bareEmail)
    .refine((v) => v === '' || isEmailAddress(v), `${label} must be a valid email address`);
}

/** An email address; blank is the empty string. */
export const emailOrBlank = (label: string) => emailText(label);

/** An email address; blank is null, absent keeps the stored value. */
export function optionalEmail(label: string) {
  return emailText(label)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));
}
