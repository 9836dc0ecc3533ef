/** Well under RFC 9116's "less than a year" for Expires: the file is made anew for each request. */
const EXPIRES_AFTER_MS = 180 * 86_400_000;

/** The security.txt of RFC 9116 for a contact address, or null without one. */
export function securityTxt(contactEmail: string | null, publicUrl: string, now: Date): string | null {
  if (!contactEmail) return null;
  return [
    `Contact: mailto:${contactEmail}`,
    `Expires: ${new Date(now.getTime() + EXPIRES_AFTER_MS).toISOString()}`,
    'Preferred-Languages: en',
    `Canonical: ${publicUrl}/.well-known/security.txt`,
    '',
  ].join('\n');
}
