import {
  LOGO_HOSTS,
  type LogoServer,
  PNG_BYTES,
  PNG_DATA_URI,
  startLogoServer,
} from '../../test/logo-server';
import { LogoFetcher, type LogoFetcherOptions, LogoRefused } from './logo-fetcher';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';

describe(LogoFetcher.name, () => {
  let server: LogoServer;
  let now: number;

  beforeAll(async () => {
    server = await startLogoServer();
    server.route('/logo.png', (request, response) => {
      if (request.headers['if-none-match'] === '"png-1"') response.writeHead(304).end();
      else response.writeHead(200, { 'content-type': 'image/png', etag: '"png-1"' }).end(PNG_BYTES);
    });
    server.route('/logo.svg', (_request, response) =>
      response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SVG),
    );
    server.route('/elsewhere.png', (_request, response) =>
      response.writeHead(302, { location: server.url('other.test', '/logo.png') }).end(),
    );
    server.route('/same-host-redirect.png', (_request, response) =>
      response.writeHead(301, { location: '/logo.png' }).end(),
    );
    server.route('/huge.png', (_request, response) => {
      // No Content-Length: the reader must stop at the limit on its own.
      response.writeHead(200, { 'content-type': 'image/png' });
      response.write(PNG_BYTES);
      const chunk = Buffer.alloc(64 * 1024);
      let sent = 0;
      const pump = (): void => {
        while (sent < 4 * 1024 * 1024 && response.write(chunk)) sent += chunk.length;
        if (sent < 4 * 1024 * 1024) response.once('drain', pump);
        else response.end();
      };
      pump();
    });
    server.route('/declared-huge.png', (_request, response) =>
      response
        .writeHead(200, { 'content-type': 'image/png', 'content-length': String(2 * 1024 * 1024) })
        .end(),
    );
    server.route('/slow.png', (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.write(PNG_BYTES.subarray(0, 8));
      // Never ends: the deadline must.
    });
    server.route('/page.html', (_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>'),
    );
    server.route('/fake.png', (_request, response) =>
      response.writeHead(200, { 'content-type': 'image/png' }).end('<html>not a png</html>'),
    );
  });

  afterAll(() => server.close());

  beforeEach(() => {
    server.requests.length = 0;
    now = 0;
  });

  /** The fetcher as a deployment runs it, but for the test's CA and names (and, when said, loopback). */
  const fetcher = (options: Partial<LogoFetcherOptions> & { loopbackAllowed?: boolean } = {}): LogoFetcher =>
    new LogoFetcher({
      hosts: LOGO_HOSTS.map((host) => `${host}:${server.port}`),
      ca: server.ca,
      resolve: (hostname) => Promise.resolve(LOGO_HOSTS.includes(hostname as never) ? ['127.0.0.1'] : []),
      allowAddress: options.loopbackAllowed === false ? undefined : (address) => address === '127.0.0.1',
      timeoutMs: 2000,
      now: () => now,
      ...options,
    });

  const refusal = async (promise: Promise<string>): Promise<string> => {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(LogoRefused);
    return (error as LogoRefused).message;
  };

  it('takes a data: URI as it is, percent-encoded SVG as base64', async () => {
    await expect(fetcher().dataUriOf(PNG_DATA_URI)).resolves.toBe(PNG_DATA_URI);
    await expect(fetcher().dataUriOf(`data:image/svg+xml,${encodeURIComponent(SVG)}`)).resolves.toBe(
      `data:image/svg+xml;base64,${Buffer.from(SVG).toString('base64')}`,
    );
  });

  it('refuses data: URIs that are not images, do not hold what they say, or pass 1 MiB', async () => {
    expect(await refusal(fetcher().dataUriOf('data:text/html;base64,PGgxPg=='))).toMatch(
      /PNG, JPEG, WebP or SVG/,
    );
    expect(await refusal(fetcher().dataUriOf('data:image/png;base64,PGgxPg=='))).toMatch(/does not hold/);
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(1024 * 1024)]).toString('base64');
    expect(await refusal(fetcher().dataUriOf(`data:image/png;base64,${big}`))).toMatch(/larger than 1048576/);
  });

  it('reads an https logo of an allowed host, keeps it 60 s, then revalidates it by ETag', async () => {
    const sut = fetcher();
    const url = server.url('logos.test', '/logo.png');
    await expect(sut.dataUriOf(url)).resolves.toBe(PNG_DATA_URI);
    await expect(sut.dataUriOf(url)).resolves.toBe(PNG_DATA_URI);
    now += 60_000;
    await expect(sut.dataUriOf(url)).resolves.toBe(PNG_DATA_URI);
    expect(server.requests).toEqual([{ path: '/logo.png' }, { path: '/logo.png', ifNoneMatch: '"png-1"' }]);
    await expect(sut.dataUriOf(server.url('logos.test', '/logo.svg'))).resolves.toBe(
      `data:image/svg+xml;base64,${Buffer.from(SVG).toString('base64')}`,
    );
  });

  it('refuses other schemes, hosts not listed, paths and credentials without a request', async () => {
    const sut = fetcher();
    expect(await refusal(sut.dataUriOf(`http://logos.test:${server.port}/logo.png`))).toMatch(
      /only over https/,
    );
    expect(await refusal(sut.dataUriOf(`https://unlisted.test:${server.port}/logo.png`))).toMatch(
      /not a host logos are read from/,
    );
    expect(await refusal(sut.dataUriOf('https://logos.test/logo.png'))).toMatch(/not a host/);
    expect(await refusal(sut.dataUriOf('assets/logo.svg'))).toMatch(/neither a data: URI nor/);
    expect(await refusal(sut.dataUriOf('file:///etc/passwd'))).toMatch(/only over https/);
    expect(await refusal(sut.dataUriOf(`https://a:b@logos.test:${server.port}/logo.png`))).toMatch(
      /credentials/,
    );
    expect(
      await refusal(new LogoFetcher({ hosts: [] }).dataUriOf(server.url('logos.test', '/logo.png'))),
    ).toMatch(/reads logos from no host/);
    expect(server.requests).toEqual([]);
  });

  it('refuses a listed name that resolves to loopback or a private address, without connecting', async () => {
    for (const addresses of [
      ['127.0.0.1'],
      ['10.1.2.3'],
      ['::1'],
      ['::ffff:127.0.0.1'],
      ['93.184.216.34', '192.168.1.1'],
    ]) {
      const sut = fetcher({ loopbackAllowed: false, resolve: () => Promise.resolve(addresses) });
      expect(await refusal(sut.dataUriOf(server.url('logos.test', '/logo.png')))).toMatch(/not public/);
    }
    // The system's resolver: localhost is loopback, also when listed.
    const listed = new LogoFetcher({ hosts: [`localhost:${server.port}`, `127.0.0.1:${server.port}`] });
    expect(await refusal(listed.dataUriOf(`https://localhost:${server.port}/logo.png`))).toMatch(
      /not public/,
    );
    expect(await refusal(listed.dataUriOf(`https://127.0.0.1:${server.port}/logo.png`))).toMatch(
      /not public/,
    );
    expect(server.requests).toEqual([]);
  });

  it('connects to the address it checked, not to a second resolution', async () => {
    let resolutions = 0;
    const sut = fetcher({
      // A rebinding resolver: public first, loopback afterwards. Only the first answer is used.
      resolve: () => Promise.resolve(resolutions++ === 0 ? ['127.0.0.1'] : ['10.0.0.1']),
    });
    await expect(sut.dataUriOf(server.url('logos.test', '/logo.png'))).resolves.toBe(PNG_DATA_URI);
    expect(resolutions).toBe(1);
  });

  it('follows no redirect, to another host or its own', async () => {
    const sut = fetcher();
    expect(await refusal(sut.dataUriOf(server.url('logos.test', '/elsewhere.png')))).toMatch(
      /redirect \(302\)/,
    );
    expect(await refusal(sut.dataUriOf(server.url('logos.test', '/same-host-redirect.png')))).toMatch(
      /redirect \(301\)/,
    );
    expect(server.requests.map((request) => request.path)).toEqual([
      '/elsewhere.png',
      '/same-host-redirect.png',
    ]);
  });

  it('stops reading at 1 MiB and refuses the logo', async () => {
    const sut = fetcher();
    expect(await refusal(sut.dataUriOf(server.url('logos.test', '/huge.png')))).toMatch(
      /larger than 1048576/,
    );
    expect(await refusal(sut.dataUriOf(server.url('logos.test', '/declared-huge.png')))).toMatch(
      /larger than/,
    );
  });

  it('gives up on a slow answer at its deadline', async () => {
    const sut = fetcher({ timeoutMs: 300 });
    const started = performance.now();
    expect(await refusal(sut.dataUriOf(server.url('logos.test', '/slow.png')))).toMatch(
      /not read within 300 ms/,
    );
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('refuses answers that are not images, and a certificate it does not trust', async () => {
    const sut = fetcher();
    expect(await refusal(sut.dataUriOf(server.url('logos.test', '/page.html')))).toMatch(/text\/html/);
    expect(await refusal(sut.dataUriOf(server.url('logos.test', '/fake.png')))).toMatch(/does not hold/);
    const untrusting = fetcher({ ca: undefined });
    expect(await refusal(untrusting.dataUriOf(server.url('logos.test', '/logo.png')))).toMatch(
      /could not be read/,
    );
  });
});
