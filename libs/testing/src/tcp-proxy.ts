import { createServer, type Server, type Socket, connect } from 'node:net';

/**
 * A TCP proxy in front of a server (PostgreSQL, in the fault tests), so a test can take the
 * server away as networks do: `kill` refuses and cuts every connection (a crashed host or a
 * restarted database), `pause` stops moving bytes while connections stay open (a stalled network
 * or a frozen host), `restore` brings either back on the same port.
 */
export class TcpProxy {
  private readonly pairs = new Set<[Socket, Socket]>();
  private server: Server | undefined;
  private paused = false;

  private constructor(
    private readonly target: { readonly host: string; readonly port: number },
    private listenPort: number,
  ) {}

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const proxy = new TcpProxy(target, 0);
    await proxy.listen();
    return proxy;
  }

  get port(): number {
    return this.listenPort;
  }

  /** `url` (a postgres:// URL to the target) rewritten to go through the proxy. */
  via(url: string): string {
    const rewritten = new URL(url);
    rewritten.hostname = '127.0.0.1';
    rewritten.port = String(this.listenPort);
    return rewritten.toString();
  }

  /** Stops moving bytes both ways; connections stay open and new ones hang. */
  pause(): void {
    this.paused = true;
    for (const [client, upstream] of this.pairs) {
      client.pause();
      upstream.pause();
    }
  }

  /** Refuses new connections and cuts the open ones. */
  async kill(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const [client, upstream] of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    this.pairs.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Moves bytes again, and listens again after a kill. */
  async restore(): Promise<void> {
    this.paused = false;
    for (const [client, upstream] of this.pairs) {
      client.resume();
      upstream.resume();
    }
    if (!this.server) await this.listen();
  }

  async close(): Promise<void> {
    await this.kill();
  }

  private async listen(): Promise<void> {
    const server = createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.listenPort, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (address && typeof address === 'object') this.listenPort = address.port;
    this.server = server;
  }

  private accept(client: Socket): void {
    const upstream = connect(this.target.port, this.target.host);
    const pair: [Socket, Socket] = [client, upstream];
    this.pairs.add(pair);
    const end = () => {
      client.destroy();
      upstream.destroy();
      this.pairs.delete(pair);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
    if (this.paused) {
      client.pause();
      upstream.pause();
    }
  }
}
