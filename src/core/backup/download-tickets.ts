import { randomBytes } from 'node:crypto';

// A backup holds every administrator's password hash and two-step secret: whoever finds a phone
// or a school computer left signed in must not be able to download one with the session alone
// (docs/decisions/047). Taking a backup asks for the password, and answers an address with a
// ticket: good for that backup, for that administrator, for ten minutes. Kept in memory: the
// backup folder is this server's own, so the download comes back to it.

const TICKET_MS = 10 * 60_000;
const tickets = new Map<string, { name: string; adminId: string; expires: number }>();

/** A ticket for downloading backup `name` as that administrator. */
export function issueDownloadTicket(name: string, adminId: string, now = Date.now()): string {
  for (const [ticket, { expires }] of tickets) if (expires <= now) tickets.delete(ticket);
  const ticket = randomBytes(24).toString('base64url');
  tickets.set(ticket, { name, adminId, expires: now + TICKET_MS });
  return ticket;
}

/** Whether `ticket` lets that administrator download backup `name` now. */
export function ticketAllows(ticket: string | null, name: string, adminId: string, now = Date.now()): boolean {
  const held = ticket === null ? undefined : tickets.get(ticket);
  return held !== undefined && held.name === name && held.adminId === adminId && held.expires > now;
}
