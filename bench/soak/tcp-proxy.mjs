// A loopback TCP proxy in front of a dependency (PostgreSQL, the object store) that the soak can
// cut or stall: `cut(ms)` drops every connection and refuses new ones for a while (the database is
// gone, as in a restart, without restarting the machine's shared cluster); `stall(ms)` keeps the
// connections open but forwards nothing either way (a store that stops answering).
import { connect, createServer } from 'node:net';

/** @param {{ port: number, host?: string }} target */
export async function startTcpProxy(target) {
  /** @type {Set<{ client: import('node:net').Socket, upstream: import('node:net').Socket }>} */
  const pairs = new Set();
  let refusing = false;
  let stalled = false;
  const server = createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = connect(target.port, target.host ?? '127.0.0.1');
    const pair = { client, upstream };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    forward(client, upstream);
    forward(upstream, client);
    if (stalled) pause(pair);
  });
  /** Copies one way by hand (no pipe(), which would resume a stalled socket on 'drain'). */
  const forward = (from, to) => {
    from.held = [];
    from.on('data', (chunk) => {
      if (stalled) {
        from.held.push(chunk);
        from.pause();
        return;
      }
      if (!to.write(chunk)) {
        from.pause();
        to.once('drain', () => {
          if (!stalled) from.resume();
        });
      }
    });
  };
  const pause = ({ client, upstream }) => {
    client.pause();
    upstream.pause();
  };
  const resume = ({ client, upstream }) => {
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ]) {
      for (const chunk of from.held.splice(0)) to.write(chunk);
      from.resume();
    }
  };
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  return {
    port,
    /** Drops every connection and refuses new ones for `ms`. */
    async cut(ms) {
      refusing = true;
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      await wait(ms);
      refusing = false;
    },
    /** Forwards nothing, on old and new connections, for `ms`; then goes on where it stopped. */
    async stall(ms) {
      stalled = true;
      for (const pair of pairs) pause(pair);
      await wait(ms);
      stalled = false;
      for (const pair of pairs) resume(pair);
    },
    close: () =>
      new Promise((resolve) => {
        for (const { client, upstream } of pairs) {
          client.destroy();
          upstream.destroy();
        }
        server.close(() => resolve(undefined));
      }),
  };
}
