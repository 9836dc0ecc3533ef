import { call, login } from './api-client.ts';
import { ADMIN, type SuiteServer } from './server.ts';
import { phoneJpeg } from '../fixtures/images.ts';

/** Fills a site through the JSON API, as an administrator's script would. */
/** `small`: 320 px wide, stored in one width, so that a test uploading dozens stays quick. */
export async function uploadImage(base: string, token: string, seedColour = 0, { small = false } = {}): Promise<string> {
  const form = new FormData();
  const bytes = small ? await phoneJpeg(320, 200 + seedColour) : await phoneJpeg(1200 + seedColour * 10, 800);
  form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  const response = await fetch(`${base}/api/admin/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { imageUrl: string }).imageUrl;
}

/**
 * Another administrator, added by the one signed in with `token` (whose own password, asked again,
 * is `addersPassword`), signed in, and past choosing their own password (docs/decisions/079):
 * `password` from then on. Their id and token.
 */
export async function addAdministrator(
  base: string | SuiteServer,
  token: string,
  username: string,
  password: string,
  addersPassword = ADMIN.password,
): Promise<{ id: string; token: string }> {
  const given = `${password} as given`;
  const added = await call(base, 'POST', '/api/admin/administrators', {
    token,
    body: { username, password: given, currentPassword: addersPassword },
  });
  if (added.status !== 201) throw new Error(`adding ${username} failed: ${added.status} ${added.text}`);
  return { id: added.body.id as string, token: await firstSignIn(base, username, given, password) };
}

/**
 * The first sign-in with a password another administrator set (`given`): the one thing allowed
 * then is choosing one's own (`chosen`), which this does. The session's token, good for anything.
 */
export async function firstSignIn(base: string | SuiteServer, username: string, given: string, chosen: string): Promise<string> {
  const token = await login(base, username, given);
  const changed = await call(base, 'PUT', '/api/admin/password', { token, body: { currentPassword: given, newPassword: chosen } });
  if (changed.status !== 200) throw new Error(`${username} choosing a password failed: ${changed.status} ${changed.text}`);
  return token;
}

export async function adminToken(base: string): Promise<string> {
  return login(base);
}

export async function create(base: string, token: string, path: string, body: Record<string, unknown>): Promise<any> {
  const response = await call(base, 'POST', path, { token, body });
  if (response.status !== 201) throw new Error(`POST ${path} failed: ${response.status} ${response.text}`);
  return response.body;
}

export async function put(base: string, token: string, path: string, body: Record<string, unknown>): Promise<any> {
  const response = await call(base, 'PUT', path, { token, body });
  if (response.status !== 200) throw new Error(`PUT ${path} failed: ${response.status} ${response.text}`);
  return response.body;
}

/** An ISO date `days` from now at the given UTC hour. */
export function daysFromNow(days: number, hour = 10): string {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
}

/** An event ten days ahead, with every field a visitor sees. */
export function denBuilding(): Record<string, unknown> {
  return {
    name: 'Den building',
    date: daysFromNow(10),
    location: 'Oak Wood',
    comment: 'Bring wellies.',
    organiser: 'Daniel',
    bookingUrl: 'https://booking.example.org/den',
  };
}
