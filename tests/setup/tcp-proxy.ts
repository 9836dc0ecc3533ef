import net from 'node:net';

/**
 * A TCP relay to `target` whose network can "go silent": connections stay open but nothing passes
 * either way (a cable pulled, a firewall dropping packets), the failure that closes nothing and
 * so is never reported. `heal` drops every silent connection, as the peers would find them dead.
 */
const DEFAULT_PORTS: Record<string, number> = { 'postgres:': 5432, 'postgresql:': 5432, 'http:': 80, 'https:': 443 };

/**
 * Relays to the host and port of `address` (a database or service URL); `url` is that address
 * through the relay, on `port` when given (a relay that starts after its client was told where).
 */
export async function startTcpProxy(address: string, port = 0) {
  const original = new URL(address);
  const target = { host: original.hostname, port: Number(original.port) || DEFAULT_PORTS[original.protocol]! };
  let silent = false;
  const pairs = new Set<[net.Socket, net.Socket]>();
  /** Connections whose path went silent for good, while new ones get through. */
  const stranded = new WeakSet<[net.Socket, net.Socket]>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    const close = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    // On a silent path a side's closing does not reach the other either (PostgreSQL ending a
    // session, a client giving up): each learns only by its own means.
    const cut = () => silent || stranded.has(pair);
    const closed = (side: net.Socket) => (cut() ? side.destroy() : close());
    for (const [from, to] of [pair, [upstream, client] as const]) {
      from.on('data', (chunk: Buffer) => {
        if (!cut()) to.write(chunk);
      });
      from.on('error', () => closed(from));
      from.on('close', () => closed(from));
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const listening = (server.address() as net.AddressInfo).port;
  const relayed = new URL(original);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(listening);
  return {
    /** `address`, through the relay. */
    url: relayed.pathname === '/' && !relayed.search ? relayed.origin : relayed.toString(),
    /** From now on nothing passes, and nothing is closed. */
    goSilent() {
      silent = true;
    },
    /**
     * The connections open now go silent and stay so, while new ones get through: a database
     * that failed over to another host, or a firewall or NAT that forgot the old connections.
     */
    strandOpen() {
      for (const pair of pairs) stranded.add(pair);
    },
    heal() {
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
      silent = false;
    },
    async stop() {
      this.heal();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
