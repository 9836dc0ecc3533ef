import { Secret, TOTP } from 'otpauth';

// An authenticator app, for the two-step tests.

/** The code an authenticator app shows `seconds` from now. */
export const codeAt = (secret: string, seconds = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + seconds * 1000,
  });

/**
 * Waits, when the app's 30-second step is nearly over, for the next to begin: codes a test reads
 * as 'the step before', 'now' and 'the next' stay so while it sends them, however slowly a busy
 * machine runs it (a boundary mid-test once made the step before two steps back, and refused).
 */
export async function freshStep(leftMs = 12_000): Promise<void> {
  const intoStep = Date.now() % 30_000;
  if (30_000 - intoStep < leftMs) await new Promise((resolve) => setTimeout(resolve, 30_000 - intoStep + 50));
}
