import { Secret, TOTP } from 'otpauth';
import { CLOCK_STEP_MS } from '../shared/time.ts';

// Two-step sign-in with any authenticator app (RFC 6238 TOTP: SHA-1, 6 digits, 30 seconds, the
// settings every app reads from a QR code), through otpauth and qrcode (docs/decisions/046).

const PERIOD_SECONDS = 30;
/**
 * A used step further ahead of a code's than this was taken while the clock ran ahead (the
 * phone's too): it does not stop codes once the clock is set right (138).
 */
export const STEPS_DATED_AHEAD = CLOCK_STEP_MS / 1000 / PERIOD_SECONDS;
/** A code of the step before or after is taken too: a phone's clock a little off, a code typed as it changed. */
const WINDOW = 1;

function totp(secret: string, label = 'admin', issuer = 'Club website'): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** A new secret (160 random bits, base32), the otpauth:// address apps read, and its QR code as an image address. */
export async function newTwoStepSecret(username: string, issuer: string): Promise<{ secret: string; otpauthUrl: string; qrCode: string }> {
  const secret = new Secret({ size: 20 }).base32;
  const otpauthUrl = totp(secret, username, issuer).toString();
  // Loaded when an administrator first turns it on: 57 modules and some 8 MB a server otherwise holds from start.
  const { default: QRCode } = await import('qrcode');
  const qrCode = `data:image/svg+xml;base64,${Buffer.from(await QRCode.toString(otpauthUrl, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' })).toString('base64')}`;
  return { secret, otpauthUrl, qrCode };
}

/**
 * The 30-second step whose code `code` is (spaces and dashes apart), or null when it is no code
 * of this secret now. The caller refuses a step already used.
 */
export function stepOfCode(secret: string, code: string, now = Date.now()): number | null {
  const digits = code.replace(/[\s-]/g, '');
  if (!/^\d{6}$/.test(digits)) return null;
  const delta = totp(secret).validate({ token: digits, timestamp: now, window: WINDOW });
  return delta === null ? null : TOTP.counter({ period: PERIOD_SECONDS, timestamp: now }) + delta;
}
