export interface SendResult {
  status: number;
  text: string;
}

/** fetch cannot report upload progress; XMLHttpRequest can. Rejects only on network failure. */
export function sendWithProgress(
  method: string,
  url: string,
  body: Blob | FormData,
  onProgress: (fraction: number) => void,
  headers: Record<string, string> = {},
): Promise<SendResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new Error('network error'));
    xhr.onabort = () => reject(new Error('aborted'));
    xhr.send(body);
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
