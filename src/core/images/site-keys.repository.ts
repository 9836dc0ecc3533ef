import type { Db } from '../db/connect.ts';

/** Bytes of a site key; a shorter stored value is damage, and is replaced. */
export const SITE_KEY_BYTES = 32;

const decoded = (value: string | undefined) => {
  const key = value === undefined ? undefined : Buffer.from(value, 'base64');
  return key && key.byteLength >= SITE_KEY_BYTES ? key : undefined;
};

/**
 * The site's key called `name`, the same for every instance on the database: the one stored, or
 * else `candidate`, stored unless another instance stored one first (then theirs).
 */
export async function agreedSiteKey(db: Db, name: string, candidate: () => Buffer): Promise<Buffer> {
  const read = async () => (await db.selectFrom('siteKeys').select('value').where('name', '=', name).executeTakeFirst())?.value;
  const stored = await read();
  const kept = decoded(stored);
  if (kept) return kept;
  const value = candidate().toString('base64');
  const createdAt = new Date().toISOString();
  if (stored === undefined) {
    await db
      .insertInto('siteKeys')
      .values({ name, value, createdAt })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  } else {
    // Replaced only as it was read: an instance that mended it first keeps its key.
    await db.updateTable('siteKeys').set({ value, createdAt }).where('name', '=', name).where('value', '=', stored).execute();
  }
  const agreed = decoded(await read());
  if (!agreed) throw new Error(`The site's key ${name} could not be stored`);
  return agreed;
}
