import http from 'node:http';
import net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/**
 * GETs sent on `count` connections opened beforehand, all written at once, so that the server
 * reads them in one turn of its event loop (fetch would open them one after another). Each answer
 * is null if its connection closed with nothing read (the test hung up first). With `hangUp`,
 * each connection is closed for writing right behind its request, in the same turn: the server
 * reads the request and the hang-up together, however late this process is scheduled after.
 */
export async function askTogether(
  base: string,
  address: string,
  count: number,
  headers: Record<string, string> = {},
  { hangUp = false }: { hangUp?: boolean } = {},
) {
  const { hostname, port } = new URL(base);
  const sockets = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Socket>((resolve, reject) => {
          const socket = net.connect(Number(port), hostname, () => resolve(socket));
          socket.once('error', reject);
        }),
    ),
  );
  const answers = sockets.map(
    (socket) =>
      new Promise<RawAnswer | null>((resolve, reject) => {
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.once('error', reject);
        socket.once('close', () => {
          if (chunks.length === 0) return resolve(null);
          const raw = Buffer.concat(chunks).toString('utf8');
          const [head = '', ...rest] = raw.split('\r\n\r\n');
          const [statusLine = '', ...lines] = head.split('\r\n');
          const fields = Object.fromEntries(
            lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
          );
          resolve({ status: Number(statusLine.split(' ')[1]), headers: fields, text: rest.join('\r\n\r\n') });
        });
      }),
  );
  const fields = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const request = `GET ${address} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n${fields}Connection: close\r\n\r\n`;
  for (const socket of sockets) {
    socket.write(request);
    if (hangUp) socket.end();
  }
  return { sockets, answers };
}

/** A session cookie nobody was given: the page cache leaves such requests to Astro, so they render. */
export const FORGED_SESSION = { cookie: 'club_session=forged' };

/**
 * Asks for `url` and reads its head and first bytes, then nothing more until `resume`, which reads
 * the rest and resolves with every byte received (even when the server cuts the answer short).
 */
export function openPaused(url: string, headers: Record<string, string> = {}): Promise<{ status: number; resume: () => Promise<Buffer> }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        res.once('data', (first: Buffer) => {
          res.pause();
          resolve({
            status: res.statusCode ?? 0,
            resume: () =>
              new Promise((done) => {
                const chunks = [first];
                const finish = () => done(Buffer.concat(chunks));
                res.on('data', (chunk: Buffer) => chunks.push(chunk));
                res.on('end', finish);
                res.on('error', finish);
                res.on('aborted', finish);
                res.resume();
              }),
          });
        });
      })
      .on('error', reject);
  });
}
