// A loopback stand-in for Electron's release downloads: a small release archive built here
// (a stand-in `electron` executable that prints its argv, and the `version` file a real archive
// has) and its SHASUMS256.txt, served under the path layout @electron/get asks a mirror for
// (`<mirror>v<version>/<file>`). Every request is recorded, so a test can say none was made.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect, type AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

export const ELECTRON_VERSION = '45.5.0';
export const ARCHIVE_NAME = `electron-v${ELECTRON_VERSION}-${process.platform}-${process.arch}.zip`;

interface ZipEntry {
  name: string;
  data: Buffer;
  mode: number;
}

/** A zip archive of stored (uncompressed) entries with Unix modes: enough for any unzipper. */
export function storedZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data, mode } of entries) {
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix, so the external attributes carry the mode
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(((0o100000 | mode) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The stand-in release archive: `electron` prints its argv and ELECTRON_RUN_AS_NODE, exits 5. */
export function standInArchive(): Buffer {
  const electron = `#!${process.execPath}\nconsole.log('electron ' + JSON.stringify(process.argv.slice(2)) + ' ' + (process.env.ELECTRON_RUN_AS_NODE ?? 'unset'));\nprocess.exit(5);\n`;
  return storedZip([
    { name: 'electron', data: Buffer.from(electron), mode: 0o755 },
    { name: 'version', data: Buffer.from(ELECTRON_VERSION), mode: 0o644 },
  ]);
}

export const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

export const shasums = (entries: Record<string, string>): string =>
  `${Object.entries(entries)
    .map(([file, hash]) => `${hash} *${file}`)
    .join('\n')}\n`;

type Route = (response: ServerResponse, request: IncomingMessage) => void;

export interface Mirror {
  /** The ELECTRON_MIRROR value: ends with a slash, as @electron/get joins it. */
  url: string;
  /** Paths asked for, in order (a proxied request's absolute URL is reduced to its path). */
  requests: string[];
  close(): Promise<void>;
}

/**
 * Serves `files` (path under the mirror → body or handler); anything else is a 404. With `tls`
 * it serves https with that certificate.
 */
export async function startMirror(files: Record<string, Buffer | string | Route>, tls?: { cert: Buffer; key: Buffer }): Promise<Mirror> {
  const requests: string[] = [];
  const serve: RequestListener = (request, response) => {
    const path = new URL(request.url ?? '/', 'http://mirror').pathname;
    requests.push(path);
    const file = files[path];
    if (typeof file === 'function') return file(response, request);
    if (file === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
      return;
    }
    response.writeHead(200, { 'content-length': Buffer.byteLength(file) }).end(file);
  };
  const server = tls ? createHttpsServer(tls, serve) : createServer(serve);
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}/`,
    requests,
    close: () =>
      new Promise((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}

/** A loopback port nothing listens on (taken, then released). */
export async function closedPort(): Promise<number> {
  const mirror = await startMirror({});
  const port = Number(new URL(mirror.url).port);
  await mirror.close();
  return port;
}

export interface TunnelProxy {
  /** The proxy's URL, for HTTPS_PROXY, HTTP_PROXY or npm's `proxy` setting. */
  url: string;
  /** The `host:port` of every CONNECT asked for. */
  connects: string[];
  close(): Promise<void>;
}

/**
 * An HTTP proxy that tunnels (CONNECT, as Node's fetch asks a proxy) to `mirror` whatever host
 * is named: it stands for a proxy that can reach a mirror this machine cannot resolve.
 */
export async function startTunnelProxy(mirror: Mirror): Promise<TunnelProxy> {
  const connects: string[] = [];
  const target = new URL(mirror.url);
  const server = createServer((_request, response) => response.writeHead(405).end());
  server.on('connect', (request: IncomingMessage, client) => {
    connects.push(request.url ?? '');
    const upstream = connect(Number(target.port), target.hostname, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.pipe(client).pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    connects,
    close: () =>
      new Promise((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}
