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
  /** How far the server's clock (and the phone's) was set wrong: a whole number of steps. */
  let aheadMs = 0;
  const serverNow = () => Date.now() + offsetMs + aheadMs;
  return {
    /** The code the app shows `seconds` from now, on the server's clock. */
    codeAt: (secret: string, seconds = 0) =>
      new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: STEP_MS / 1000 }).generate({
        timestamp: serverNow() + seconds * 1000,
      }),
    async freshStep(): Promise<void> {
      // Only ever forward: sessions, lockouts and the steps already used stay in the server's past.
      offsetMs += STEP_MS - (serverNow() % STEP_MS) + 200;
      await moveFakeClock(clockFile, serverNow());
    },
    /** Sets the server's clock, and the phone's, `ms` ahead of where it was (a whole number of steps), or right again with 0. */
    async setWrong(ms: number): Promise<void> {
      aheadMs = ms;
      await moveFakeClock(clockFile, serverNow());
    },
  };
}
