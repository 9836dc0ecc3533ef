import net from 'node:net';
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';

export interface DevHandler {
  handler: http.RequestListener;
  /** Vite's hot-reload socket, passed through to Vite so that the page talks to one origin (its CSP allows no other). */
  upgrade: (req: http.IncomingMessage, socket: Duplex, head: Buffer) => void;
  stop(): Promise<void>;
}

/**
 * `npm run dev`: Astro's development server (Vite, hot reload) behind the same Node server as
 * production, so that development gets the same start-up (migrations, the administrator from the
 * environment), compression, headers and request logs. Vite itself listens on the next port, on
 * loopback only.
 */
export async function startDevHandler(port: number): Promise<DevHandler> {
  // The site asks nothing of the internet by itself, in development too: Astro's development
  // server otherwise reports its use to Astro and asks the npm registry for a newer Astro
  // (docs/decisions/111). Set before Astro is loaded; a developer's own setting is kept.
  process.env.ASTRO_TELEMETRY_DISABLED ??= '1';
  process.env.ASTRO_DISABLE_UPDATE_CHECK ??= 'true';
  const { dev } = await import('astro');
  const vitePort = port + 1;
  const server = await dev({
    root: fileURLToPath(new URL('../../', import.meta.url)),
    logLevel: 'warn',
    server: { host: '127.0.0.1', port: vitePort },
    vite: { server: { ws: { clientPort: port } } },
  });
  return {
    handler: server.handle,
    upgrade: (req, socket, head) => {
      const upstream = net.connect(vitePort, '127.0.0.1', () => {
        const headers = Object.entries(req.headersDistinct).flatMap(([name, values]) => (values ?? []).map((value) => `${name}: ${value}`));
        upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`);
        upstream.write(head);
        socket.pipe(upstream).pipe(socket);
      });
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
    },
    stop: () => server.stop(),
  };
}
