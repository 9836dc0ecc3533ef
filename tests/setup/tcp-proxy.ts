import net from 'node:net';

/**
 * A TCP relay to `target` whose network can "go silent": connections stay open but nothing passes
 * either way (a cable pulled, a firewall dropping packets), the failure that closes nothing and
 * so is never reported. `heal` drops every silent connection, as the peers would find them dead.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  let silent = false;
  const pairs = new Set<[net.Socket, net.Socket]>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    const close = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    for (const [from, to] of [pair, [upstream, client] as const]) {
      from.on('data', (chunk: Buffer) => {
        if (!silent) to.write(chunk);
      });
      from.on('error', close);
      from.on('close', close);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    /** From now on nothing passes, and nothing is closed. */
    goSilent() {
      silent = true;
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
