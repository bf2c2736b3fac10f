/**
 * The connection test against real servers on 127.0.0.1: a second sandbox playing a remote
 * deployment passes; each failure kind is named for the service it hit (refused, DNS, TLS with
 * a self-signed certificate, timeout, HTTP status, unexpected shape, a mismatched perps domain);
 * a skewed clock is warned beyond the signature window.
 */
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PERPS_DOMAIN } from '../../../src/main/core/network';
import { testConnection } from '../../../src/main/core/networks/connectionTest';
import { newProfileDefaults, type NetworkProfile, type ProfileService } from '../../../src/shared/networkProfiles';
import { startSandbox } from '../../../src/sandbox/start';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
const servers: Array<Server | TcpServer> = [];

async function listen(server: Server | TcpServer): Promise<number> {
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 11, port: 0, simulate: false });
});
afterAll(async () => {
  for (const server of servers) server.close();
  await sandbox?.stop();
});

const remote = (): NetworkProfile => ({
  id: 'remote', label: 'Remote', urls: { ...sandbox.urls }, ...newProfileDefaults(), perpsDomain: { ...SANDBOX_PERPS_DOMAIN },
});
const withUrl = (service: ProfileService, url: string): NetworkProfile => {
  const profile = remote();
  return { ...profile, urls: { ...profile.urls, [service]: url } };
};
const rowsOf = (report: Awaited<ReturnType<typeof testConnection>>, service: ProfileService) => report.checks.filter((c) => c.service === service);

describe('testing a profile against a second sandbox', () => {
  it('passes every check and reads a small clock difference', async () => {
    const report = await testConnection(remote());
    expect(report.checks.map((c) => [c.service, c.call, c.outcome])).toEqual([
      ['clob', 'GET /ok', 'passed'],
      ['clob', 'GET /version', 'passed'],
      ['clob', 'GET /time', 'passed'],
      ['catalog', 'GET /events', 'passed'],
      ['analytics', 'GET /ok', 'passed'],
      ['perps', 'GET /v1/info/exchange', 'passed'],
    ]);
    expect(report.passed).toBe(true);
    expect(report.checks[1]!.detail).toBe('The order book takes version 2 orders.');
    expect(report.clock).toMatchObject({ windowMs: 300_000, beyondWindow: false });
    expect(Math.abs(report.clock!.skewMs)).toBeLessThanOrEqual(report.clock!.uncertaintyMs + 1000);
  });

  it('warns when this computer’s clock is beyond the window signed timestamps are accepted in', async () => {
    const report = await testConnection(remote(), { now: () => Date.now() - 10 * 60_000 });
    const time = report.checks.find((c) => c.call === 'GET /time')!;
    expect(time.outcome).toBe('warning');
    expect(time.detail).toMatch(/^The server clock is (599|600|601) s ahead of this computer's .* accept only within 300 s/);
    expect(report.clock?.beyondWindow).toBe(true);
    expect(report.passed).toBe(true);
  });

  it('fails the perps row when the served domain differs from the pinned one, naming the field', async () => {
    const profile = remote();
    const report = await testConnection({ ...profile, perpsDomain: { ...profile.perpsDomain!, version: '9' } });
    expect(rowsOf(report, 'perps')[0]).toMatchObject({ outcome: 'failed', failure: 'mismatch', detail: expect.stringContaining('(version differs)') });
    expect(report.passed).toBe(false);
  });

  it('warns when the profile pins no perps domain, and returns the served one for the form to offer', async () => {
    const report = await testConnection({ ...remote(), perpsDomain: null });
    expect(rowsOf(report, 'perps')[0]).toMatchObject({ outcome: 'warning', detail: expect.stringContaining('pins no signing domain') });
    expect(report.servedPerpsDomain).toEqual(SANDBOX_PERPS_DOMAIN);
  });
});

describe('each failure names the service and the kind', () => {
  it('refused: nothing listens on the port', async () => {
    const closed = createTcpServer();
    const port = await listen(closed);
    closed.close();
    await once(closed, 'close');
    const report = await testConnection(withUrl('analytics', `http://127.0.0.1:${port}`));
    expect(rowsOf(report, 'analytics')[0]).toMatchObject({ outcome: 'failed', failure: 'refused', detail: `Nothing accepts connections at http://127.0.0.1:${port} (connection refused).` });
    expect(rowsOf(report, 'clob').every((c) => c.outcome === 'passed')).toBe(true);
  });

  it('DNS: the host name does not resolve', async () => {
    const report = await testConnection(withUrl('catalog', 'https://catalog.marketdesk-test.invalid'));
    expect(rowsOf(report, 'catalog')[0]).toMatchObject({ outcome: 'failed', failure: 'dns', detail: expect.stringContaining('does not resolve') });
  });

  it('TLS: a self-signed certificate is refused, and says so', async () => {
    const fixtures = join(__dirname, '../../fixtures/tls');
    const server = createHttpsServer(
      { cert: readFileSync(join(fixtures, 'self-signed-cert.pem')), key: readFileSync(join(fixtures, 'self-signed-key.pem')) },
      (_req, res) => res.end('{"data":{"status":"ok"}}'),
    );
    const port = await listen(server);
    const report = await testConnection(withUrl('analytics', `https://127.0.0.1:${port}`));
    expect(rowsOf(report, 'analytics')[0]).toMatchObject({
      outcome: 'failed',
      failure: 'tls',
      detail: expect.stringContaining('the certificate is self-signed (DEPTH_ZERO_SELF_SIGNED_CERT). Marketdesk never skips certificate checks.'),
    });
  });

  it('timeout: a server that accepts and never answers', async () => {
    const silent = createTcpServer(() => {});
    const port = await listen(silent);
    const report = await testConnection(withUrl('perps', `http://127.0.0.1:${port}`), { timeoutMs: 400 });
    expect(rowsOf(report, 'perps')[0]).toMatchObject({ outcome: 'failed', failure: 'timeout', detail: `http://127.0.0.1:${port} gave no answer in time.` });
    // The silent server holds its sockets open: close them so the server can stop.
    silent.close();
  });

  it('HTTP status: a path prefix that does not exist', async () => {
    const report = await testConnection(withUrl('perps', `${sandbox.urls.perps}/nothing-here`));
    expect(rowsOf(report, 'perps')[0]).toMatchObject({ outcome: 'failed', failure: 'status', detail: expect.stringMatching(/answered HTTP 404/) });
  });

  it('unexpected shape: a server that answers JSON of another kind', async () => {
    const other = createHttpServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end('{"hello":"world"}');
    });
    const port = await listen(other);
    const url = `http://127.0.0.1:${port}`;
    const report = await testConnection({ ...remote(), urls: { clob: url, catalog: url, analytics: url, perps: url } });
    expect(report.checks.map((c) => [c.call, c.outcome, c.failure])).toEqual([
      ['GET /ok', 'passed', null],
      ['GET /version', 'failed', 'shape'],
      ['GET /time', 'failed', 'shape'],
      ['GET /events', 'failed', 'shape'],
      ['GET /ok', 'passed', null],
      ['GET /v1/info/exchange', 'failed', 'shape'],
    ]);
    expect(report.checks[1]!.detail).toBe(`Unexpected answer from ${url} (version: Invalid input).`);
    expect(report.clock).toBeNull();
  });
});
