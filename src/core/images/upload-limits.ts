// The two upload flows' size limits and SPEC §5's messages for them, in one place that both the
// server and the admin app (which checks before sending) import. No Node imports here.

/** The longest side the server keeps; the admin app downsizes larger photos before sending. */
export const MAX_IMAGE_SIDE = 2400;

export interface UploadLimit {
  maxBytes: number;
  /** The limit as people read it, e.g. "5 MB". */
  label: string;
  /** SPEC §5's message for a file over the limit. */
  tooLarge: string;
}

/** Direct uploads (events, gallery, logo): multipart, field "image". */
export const DIRECT_UPLOAD: UploadLimit = { maxBytes: 5 * 1024 * 1024, label: '5 MB', tooLarge: 'Image must be less than 5MB' };
/** The news image flow: a raw PUT to a one-time URL. */
export const NEWS_UPLOAD: UploadLimit = { maxBytes: 10 * 1024 * 1024, label: '10 MB', tooLarge: 'File size must be less than 10MB' };
