import { describe, expect, it } from 'vitest';
import { issueDownloadTicket, ticketAllows } from './download-tickets.ts';

describe('backup download tickets', () => {
  it('let the administrator who took the backup download that one, for ten minutes', () => {
    const now = Date.parse('2026-11-26T07:00:00Z');
    const ticket = issueDownloadTicket('club-backup-20261126-070000.tar.gz', 'admin-a', now);
    expect(ticketAllows(ticket, 'club-backup-20261126-070000.tar.gz', 'admin-a', now + 9 * 60_000)).toBe(true);
    expect(ticketAllows(ticket, 'club-backup-20261126-070000.tar.gz', 'admin-a', now + 10 * 60_000)).toBe(false);
    expect(ticketAllows(ticket, 'club-backup-20261125-030000.tar.gz', 'admin-a', now)).toBe(false);
    expect(ticketAllows(ticket, 'club-backup-20261126-070000.tar.gz', 'admin-b', now)).toBe(false);
    expect(ticketAllows(null, 'club-backup-20261126-070000.tar.gz', 'admin-a', now)).toBe(false);
    expect(ticketAllows(`${ticket}x`, 'club-backup-20261126-070000.tar.gz', 'admin-a', now)).toBe(false);
  });
});
