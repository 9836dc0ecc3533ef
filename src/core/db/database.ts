import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { BookingPage } from '../events/events.schema.ts';

/** Timestamps are UTC ISO 8601 strings in both databases (docs/decisions/003). */
type Timestamp = string;

export interface NewsItemsTable {
  id: string;
  title: string;
  /** Cleaned on write (src/core/news/sanitize-content.ts). */
  content: string;
  /** The plain text of `content`, for previews, feeds and share texts. */
  contentText: Generated<string>;
  /** The version of the cleaning rules `content` was cleaned with; 0 is from before they were versioned. */
  cleanedWith: Generated<number>;
  publishedAt: Timestamp;
  imageUrl: string | null;
  /** The stored image `imageUrl` names, kept by the repository from the URL (foreign key; null for external URLs). */
  imageId: Generated<string | null>;
  /** What the image shows, for visitors who cannot see it (its alt text); optional. */
  imageAlt: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** Set when deleted: the row is kept for 30 days, restorable, and shown nowhere (src/core/trash). */
  deletedAt: Generated<Timestamp | null>;
}

export interface EventsTable {
  id: string;
  name: string;
  date: Timestamp;
  location: string | null;
  comment: string;
  organiser: string | null;
  imageUrl: string | null;
  /** The stored image `imageUrl` names, kept by the repository from the URL (foreign key; null for external URLs). */
  imageId: Generated<string | null>;
  /** What the image shows, for visitors who cannot see it (its alt text); optional. */
  imageAlt: string | null;
  bookingUrl: string;
  /** What the booking page said when its address was saved (src/core/events/booking-page.ts); null: not asked. */
  bookingPage: Generated<BookingPage | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** Set when deleted: the row is kept for 30 days, restorable, and shown nowhere (src/core/trash). */
  deletedAt: Generated<Timestamp | null>;
}

export interface GalleryImagesTable {
  id: string;
  imageUrl: string;
  /** The stored image `imageUrl` names, kept by the repository from the URL (foreign key; null for external URLs). */
  imageId: Generated<string | null>;
  /** What the image shows, for visitors who cannot see it (its alt text); optional. */
  imageAlt: string | null;
  caption: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** Set when deleted: the row is kept for 30 days, restorable, and shown nowhere (src/core/trash). */
  deletedAt: Generated<Timestamp | null>;
}

/** Single-record tables hold one row whose id is always 1. */
export interface WhoWeAreTable {
  id: number;
  aboutUs: string;
  whoAreWe: string;
  contactEmail: string;
  updatedAt: Timestamp;
}

export interface WhatWeDoTable {
  id: number;
  mission: string;
  activities: string;
  impact: string;
  updatedAt: Timestamp;
}

interface SiteSettingsTable {
  id: number;
  clubName: string;
  tagline: string;
  messagingGroupUrl: string | null;
  socialGroupUrl: string | null;
  contactEmail: string | null;
  logoUrl: string | null;
  /** The stored image `logoUrl` names (see NewsItemsTable.imageId). */
  logoImageId: Generated<string | null>;
  /** The photo behind the home page's welcome banner. */
  heroImageUrl: Generated<string | null>;
  heroImageId: Generated<string | null>;
  /** '#rrggbb', checked for contrast with white text; null is the default blue. */
  accentColor: Generated<string | null>;
  updatedAt: Timestamp;
}

interface AdminsTable {
  id: string;
  /** Lower-cased; sign-in is case-insensitive on the username. */
  username: string;
  passwordHash: string;
  /** The authenticator secret (base32) when two-step sign-in is on, else null. */
  totpSecret: string | null;
  /** The last 30-second step whose code signed in: no code is taken twice. */
  totpLastStep: number | null;
  /** Wrong two-step codes sent with the right password since it was set: someone else may have it. */
  wrongCodes: Generated<number>;
  lastWrongCodeAt: Generated<Timestamp | null>;
  /** When someone else set the password (they know it), until its owner chooses their own; else null. */
  passwordGivenAt: Generated<Timestamp | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** An administrator removed in the last 30 days, who can be put back as they were (docs/decisions/125). */
interface RemovedAdminsTable {
  id: string;
  username: string;
  /** The admins row as JSON. */
  account: string;
  removedAt: Timestamp;
  /** Who removed them; null for a command run on the server. */
  removedBy: string | null;
}

interface SessionsTable {
  /** SHA-256 of the token, hex: the token itself is never stored. */
  tokenHash: string;
  adminId: string;
  createdAt: Timestamp;
  lastSeenAt: Timestamp;
  expiresAt: Timestamp;
}

/** Failed sign-in bookkeeping per username and client address. */
interface LoginAttemptsTable {
  key: string;
  failures: number;
  windowStartedAt: Timestamp;
  lockedUntil: Timestamp | null;
  lockouts: number;
  lastLockoutAt: Timestamp | null;
}

/** A processed upload: its master and variants live in storage under `{id}/`. */
interface ImagesTable {
  id: string;
  width: number;
  height: number;
  /** Comma-separated widths of the AVIF and WebP variants, smallest first. */
  widths: string;
  /** Dominant colour, #rrggbb, shown until the image loads. */
  placeholder: string;
  createdAt: Timestamp;
  /**
   * When a change stopped using it (no row uses it now): it is kept a while for that change's
   * 'Undo', then removed (docs/decisions/050). Null for an image in use or never used.
   */
  releasedAt: Timestamp | null;
}

/** One-time upload URLs of the news image flow. */
export interface UploadTokensTable {
  tokenHash: string;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  imageId: string | null;
  createdAt: Timestamp;
}

/** One line of the activity log (src/core/activity): who did what in the admin, when, from where. */
export interface ActivityTable {
  id: string;
  at: Timestamp;
  /** Null for the server's command line. */
  adminId: string | null;
  adminName: string | null;
  action: string;
  subjectKind: string | null;
  subjectId: string | null;
  subjectLabel: string | null;
  address: string | null;
  device: string | null;
}

/** What an information page said before a save replaced it (JSON of its fields), kept for 'Use this version'. */
interface PageVersionsTable {
  id: string;
  page: string;
  content: string;
  /** When what it holds was saved (the page's version then). */
  savedAt: Timestamp;
  replacedAt: Timestamp;
  replacedById: string | null;
  replacedByName: string | null;
}

/** A stored picture an earlier version names, kept stored while the version may put it back (docs/decisions/061). */
interface VersionPicturesTable {
  versionId: string;
  imageId: string;
}

/** What one administrator may still change (src/core/auth/write-budget.ts), as counted at `countedAt`. */
interface WriteBudgetsTable {
  adminId: string;
  writes: number;
  textBytes: number;
  countedAt: Timestamp;
  /** When the activity log last said the account was paused (once an hour at most); null if never lately. */
  pauseNotedAt: Timestamp | null;
}

/** A create request sent with an Idempotency-Key, and its answer once there is one (null while it runs). */
interface IdempotencyKeysTable {
  /** The administrator's id and the client's key. */
  key: string;
  /** Method, path and a hash of the body: the same key with another request is refused. */
  request: string;
  status: number | null;
  body: string | null;
  createdAt: Timestamp;
}

/** A key the site made once, shared by every instance on the database (docs/decisions/127); base64. */
interface SiteKeysTable {
  name: string;
  value: string;
  createdAt: Timestamp;
}

export interface Database {
  idempotencyKeys: IdempotencyKeysTable;
  images: ImagesTable;
  uploadTokens: UploadTokensTable;
  newsItems: NewsItemsTable;
  events: EventsTable;
  galleryImages: GalleryImagesTable;
  whoWeAre: WhoWeAreTable;
  whatWeDo: WhatWeDoTable;
  siteSettings: SiteSettingsTable;
  admins: AdminsTable;
  removedAdmins: RemovedAdminsTable;
  sessions: SessionsTable;
  loginAttempts: LoginAttemptsTable;
  writeBudgets: WriteBudgetsTable;
  activity: ActivityTable;
  pageVersions: PageVersionsTable;
  versionPictures: VersionPicturesTable;
  siteKeys: SiteKeysTable;
}

// Content rows as the application reads them: the image reference is the repositories' business.
export type NewsItemRow = Omit<Selectable<NewsItemsTable>, 'imageId' | 'deletedAt'>;
export type EventRow = Omit<Selectable<EventsTable>, 'imageId' | 'deletedAt'>;
export type GalleryImageRow = Omit<Selectable<GalleryImagesTable>, 'imageId' | 'deletedAt'>;
export type SiteSettingsRow = Omit<Selectable<SiteSettingsTable>, 'logoImageId' | 'heroImageId'>;
export type AdminRow = Selectable<AdminsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type ImageRow = Selectable<ImagesTable>;
export type { Insertable, Updateable };
