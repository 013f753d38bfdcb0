import { connect, createServer, type Server, type Socket } from 'node:net';

export interface Endpoint {
  readonly host: string;
  readonly port: number;
}

/**
 * A Kubernetes Service as kube-proxy makes one, on one machine: each new connection goes to the
 * next endpoint of the list, round robin, and stays with it until either side closes it (as
 * conntrack keeps an established connection on its pod after the pod left the endpoints). A
 * connection whose endpoint refuses it is closed at once, which its client sees as a connection
 * lost before an answer; the proxy counts those.
 */
export class RoundRobinProxy {
  private endpoints: Endpoint[] = [];
  private next = 0;
  private readonly pairs = new Set<[Socket, Socket]>();
  /** Connections an endpoint refused or reset before answering. */
  refused = 0;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<RoundRobinProxy> {
    const server = createServer();
    const proxy = new RoundRobinProxy(server);
    server.on('connection', (client) => proxy.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    return proxy;
  }

  get url(): string {
    const address = this.server.address();
    if (!address || typeof address !== 'object') throw new Error('the proxy does not listen');
    return `http://127.0.0.1:${address.port}`;
  }

  /** A ready pod joins the endpoints. */
  add(endpoint: Endpoint): void {
    this.endpoints.push(endpoint);
  }

  /** A terminating pod leaves them: new connections go elsewhere, established ones stay. */
  remove(endpoint: Endpoint): void {
    this.endpoints = this.endpoints.filter(
      (known) => known.host !== endpoint.host || known.port !== endpoint.port,
    );
  }

  async close(): Promise<void> {
    for (const [client, upstream] of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket): void {
    if (this.endpoints.length === 0) {
      this.refused += 1;
      client.destroy();
      return;
    }
    const endpoint = this.endpoints[this.next % this.endpoints.length];
    this.next += 1;
    const upstream = connect(endpoint.port, endpoint.host);
    const pair: [Socket, Socket] = [client, upstream];
    this.pairs.add(pair);
    let answered = false;
    upstream.once('data', () => (answered = true));
    // An end (FIN) travels through the pipes as an end, after the bytes before it; a reset or an
    // error resets the other side too.
    upstream.once('error', () => {
      if (!answered) this.refused += 1;
      client.destroy();
    });
    client.once('error', () => upstream.destroy());
    client.once('close', () => {
      upstream.destroy();
      this.pairs.delete(pair);
    });
    client.pipe(upstream);
    upstream.pipe(client);
  }
}
