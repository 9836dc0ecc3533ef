import { z } from 'zod';
import { parseDateInput } from './time.ts';

// Field rules shared by every payload schema. They import nothing from Node, so the admin
// forms can validate with the very same schemas before anything is sent.

const typeError = (label: string, kind: string) => (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null
    ? `${label} is required`
    : `${label} must be ${kind}`;

/** Text that must be present and not blank, trimmed, at most `max` characters. */
export function requiredText(label: string, max: number) {
  return z
    .string({ error: typeError(label, 'text') })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

/** Optional text: absent stays absent (an update keeps the stored value); blank or null clears it. */
export function optionalText(label: string, max: number) {
  return z
    .string({ error: typeError(label, 'text') })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));
}

/** Long text whose blank value is the empty string; absent keeps the stored value. */
export function paragraphText(label: string, max: number) {
  return z
    .string({ error: typeError(label, 'text') })
    .max(max, `${label} must be at most ${max} characters`)
    .transform((value) => value.replace(/\r\n?/g, '\n').trim())
    .optional();
}

export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Paths under which this server serves stored images. */
export const LOCAL_IMAGE_PATH = /^\/images\/[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export function isImageUrl(value: string): boolean {
  return isHttpUrl(value) || (LOCAL_IMAGE_PATH.test(value) && !value.includes('..'));
}

const URL_MAX = 2000;

export function requiredHttpUrl(label: string) {
  return z
    .string({ error: typeError(label, 'a web address') })
    .trim()
    .min(1, `${label} is required`)
    .max(URL_MAX, `${label} must be at most ${URL_MAX} characters`)
    .refine(isHttpUrl, `${label} must be a web address starting with http:// or https://`);
}

export function optionalHttpUrl(label: string) {
  return z
    .string({ error: typeError(label, 'a web address') })
    .trim()
    .max(URL_MAX, `${label} must be at most ${URL_MAX} characters`)
    .refine((v) => v === '' || isHttpUrl(v), `${label} must be a web address starting with http:// or https://`)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));
}

const IMAGE_URL_RULE = 'must be an http:// or https:// address, or an image uploaded to this site';

export function optionalImageUrl(label: string) {
  return z
    .string({ error: typeError(label, 'a web address') })
    .trim()
    .max(URL_MAX, `${label} must be at most ${URL_MAX} characters`)
    .refine((v) => v === '' || isImageUrl(v), `${label} ${IMAGE_URL_RULE}`)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));
}

export function requiredImageUrl(label: string, requiredMessage: string) {
  return z
    .string({ error: (issue) => (issue.input == null ? requiredMessage : `${label} ${IMAGE_URL_RULE}`) })
    .trim()
    .min(1, requiredMessage)
    .max(URL_MAX, `${label} must be at most ${URL_MAX} characters`)
    .refine(isImageUrl, `${label} ${IMAGE_URL_RULE}`);
}

/** A date or timestamp as the forms send it; the service fixes it to an instant in the club's zone. */
export function requiredDate(label: string) {
  return z
    .string({ error: typeError(label, 'a date') })
    .trim()
    .min(1, `${label} is required`)
    .refine(
      (value) => parseDateInput(value, 'UTC') !== null,
      `${label} must be a valid date, such as 2026-12-05 or 2026-12-05T18:30:00Z`,
    );
}

export function emailOrBlank(label: string) {
  return z
    .string({ error: typeError(label, 'an email address') })
    .trim()
    .max(254, `${label} must be at most 254 characters`)
    .refine((v) => v === '' || z.email().safeParse(v).success, `${label} must be a valid email address`);
}
