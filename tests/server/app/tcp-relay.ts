/**
 * A TCP relay in front of a database server, to take the database away from an app and bring it back:
 * `down()` refuses new connections, `hang()` accepts them and never answers (a dead host), `up()` relays
 * again on the same port.
 */
import { createServer, connect, type AddressInfo, type Socket } from 'node:net';

export interface TcpRelay {
  port: number;
  up(): Promise<void>;
  down(): Promise<void>;
  hang(): Promise<void>;
  close(): Promise<void>;
}

export async function startRelay(host: string, port: number): Promise<TcpRelay> {
  let mode: 'up' | 'hang' = 'up';
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket)).on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    track(client);
    if (mode === 'hang') return;
    const upstream = connect({ host, port });
    track(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  const listen = (at: number) => new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(at, '127.0.0.1', () => resolve());
  });
  const stop = () => new Promise<void>((resolve) => {
    for (const socket of sockets) socket.destroy();
    if (server.listening) server.close(() => resolve());
    else resolve();
  });
  await listen(0);
  const relayPort = (server.address() as AddressInfo).port;
  return {
    port: relayPort,
    async up() {
      mode = 'up';
      if (!server.listening) await listen(relayPort);
    },
    down: stop,
    async hang() {
      for (const socket of sockets) socket.destroy();
      mode = 'hang';
      if (!server.listening) await listen(relayPort);
    },
    close: stop,
  };
}
