export interface SendResult {
  status: number;
  text: string;
}

/**
 * A photo on a slow link may take minutes, so there is no limit on the whole upload: only on
 * silence. Sending that makes no progress for this long has stalled (a connection that went
 * silent never ends by itself).
 */
const STALLED_AFTER_MS = 30_000;
/** Once sent, the server has this long to answer: it resizes the photo first, behind others when busy. */
const ANSWER_WITHIN_MS = 90_000;

/**
 * fetch cannot report upload progress; XMLHttpRequest can. Rejects on network failure, and when
 * the sending stalls or no answer comes in time, so that the upload ends in its failure notice
 * (and 'Try again') instead of a progress bar that never moves again.
 */
export function sendWithProgress(
  method: string,
  url: string,
  body: Blob | FormData,
  onProgress: (fraction: number) => void,
  headers: Record<string, string> = {},
): Promise<SendResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const giveUpAfter = (ms: number) => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => xhr.abort(), ms);
    };
    xhr.open(method, url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      giveUpAfter(STALLED_AFTER_MS);
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.upload.onload = () => giveUpAfter(ANSWER_WITHIN_MS);
    xhr.onloadend = () => clearTimeout(watchdog);
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new Error('network error'));
    xhr.onabort = () => reject(new Error('no progress or no answer in time'));
    xhr.send(body);
    giveUpAfter(STALLED_AFTER_MS);
  });
}

/** The server's `message` from a JSON error body, if there is one. */
export function serverMessage(text: string): string {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : '';
  } catch {
    return '';
  }
}
