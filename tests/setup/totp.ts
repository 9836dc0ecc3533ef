import { Secret, TOTP } from 'otpauth';
import { moveFakeClock } from './fake-clock.ts';

// An authenticator app, for the two-step tests, beside a server started with fakeClockEnv.

const STEP_MS = 30_000;

/**
 * The app of a person signing in to the server whose clock is `clockFile`: its codes are those of
 * the server's time. `freshStep` moves that clock on to the start of a 30-second step, so that
 * codes a test reads as 'the step before', 'now' and 'the next' stay so for the 29 s the test then
 * has, however slowly a busy machine runs it (a boundary mid-test once made the step before two
 * steps back, and refused), without waiting up to 12 s for the real clock to get there.
 */
export function authenticatorApp(clockFile: string) {
  let offsetMs = 0;
  return {
    /** The code the app shows `seconds` from now, on the server's clock. */
    codeAt: (secret: string, seconds = 0) =>
      new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: STEP_MS / 1000 }).generate({
        timestamp: Date.now() + offsetMs + seconds * 1000,
      }),
    async freshStep(): Promise<void> {
      // Only ever forward: sessions, lockouts and the steps already used stay in the server's past.
      offsetMs += STEP_MS - ((Date.now() + offsetMs) % STEP_MS) + 200;
      await moveFakeClock(clockFile, Date.now() + offsetMs);
    },
  };
}
