/**
 * A real sandbox for the perps conformance tests: started on 127.0.0.1 with an injected perps
 * clock the tests step, plus helpers that sign ops with real keys (viem) and call the routes over HTTP.
 */
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import type { Hex } from 'viem';
import { startSandbox, type RunningSandbox, type SandboxOptions, type SandboxPerpsAccountSnapshot } from '../../../src/sandbox/start';
import {
  perpsOperationTypedData, type PerpsExchangeInfo, type PerpsOperationArgs, type PerpsOperationType,
} from '../../../src/signing/perpsOperations';
import type { PerpsCollateralAsset } from '../../../src/shared/protocol/perps';
import { request, type JsonResponse } from '../sandbox/http';

export type Signer = ReturnType<typeof privateKeyToAccount>;
export const newSigner = (): Signer => privateKeyToAccount(generatePrivateKey());

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
/** A round start (a whole day since the epoch) so funding and kline boundaries are easy to name. */
export const T0 = Date.UTC(2026, 10, 20);

export interface ProxyCredentials {
  owner: Signer;
  proxyKey: Signer;
  proxy: Hex;
  secret: string;
}

export type AccountSnapshot = SandboxPerpsAccountSnapshot;

let saltSeq = 10_000;
export const newSalt = (): number => (saltSeq += 1);

export class PerpsHarness {
  info!: PerpsExchangeInfo;
  assets!: PerpsCollateralAsset[];

  private constructor(
    readonly sandbox: RunningSandbox,
    private readonly time: { ms: number },
  ) {}

  /** The sandbox's perps clock: tests step it by assigning. */
  get clock(): number {
    return this.time.ms;
  }

  set clock(ms: number) {
    this.time.ms = ms;
  }

  static async start(options: SandboxOptions = {}, startMs = T0): Promise<PerpsHarness> {
    const time = { ms: startMs };
    const sandbox = await startSandbox({
      seed: 7, port: 0, simulate: false, ...options,
      perps: { weightBudget: { limit: 1_000_000, windowMs: 60_000 }, ...options.perps, now: () => time.ms },
    });
    const harness = new PerpsHarness(sandbox, time);
    harness.info = (await harness.get<PerpsExchangeInfo>('/v1/info/exchange')).body;
    harness.assets = (await harness.get<PerpsCollateralAsset[]>('/v1/info/assets')).body;
    return harness;
  }

  get url(): string {
    return this.sandbox.urls.perps;
  }

  stop(): Promise<void> {
    return this.sandbox.stop();
  }

  asset(name: string): PerpsCollateralAsset {
    const asset = this.assets.find((a) => a.asset === name);
    if (!asset) throw new Error(`no asset ${name}`);
    return asset;
  }

  get<T = Record<string, unknown>>(path: string, creds?: ProxyCredentials): Promise<JsonResponse<T>> {
    return request<T>(`${this.url}${path}`, creds ? { headers: keyHeaders(creds) } : undefined);
  }

  send<T = Record<string, unknown>>(method: 'POST' | 'DELETE', path: string, body: unknown, creds?: ProxyCredentials): Promise<JsonResponse<T>> {
    return request<T>(`${this.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(creds ? keyHeaders(creds) : {}) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  async signedOp<T extends PerpsOperationType>(signer: Signer, type: T, args: PerpsOperationArgs[T], extra: { salt?: number; ts?: number; label?: string; code?: string } = {}) {
    const salt = extra.salt ?? newSalt();
    const ts = extra.ts ?? this.clock;
    const typedData = perpsOperationTypedData(this.info, type, args, salt, ts) as unknown as Parameters<Signer['signTypedData']>[0];
    const sig = await signer.signTypedData(typedData);
    return { op: { type, args }, sig, salt, ts, ...(extra.label !== undefined && { label: extra.label }), ...(extra.code !== undefined && { code: extra.code }) };
  }

  /** A new owner with one proxy (30 days unless told). */
  async account(options: { owner?: Signer; expiryMs?: number; code?: string } = {}): Promise<ProxyCredentials> {
    const owner = options.owner ?? newSigner();
    const proxyKey = newSigner();
    const body = await this.signedOp(owner, 'createProxy', { owner: owner.address, proxy: proxyKey.address, expiry: options.expiryMs ?? this.clock + 30 * DAY_MS }, {
      label: 'test', ...(options.code !== undefined && { code: options.code }),
    });
    const res = await this.send<{ secret: string }>('POST', '/v1/account/proxy', body);
    if (res.status !== 200) throw new Error(`createProxy: ${res.status} ${res.text}`);
    return { owner, proxyKey, proxy: proxyKey.address, secret: res.body.secret };
  }

  async faucet(address: string, asset: string, amount: string): Promise<AccountSnapshot> {
    const res = await this.send<AccountSnapshot>('POST', '/sandbox/perps/faucet', { address, asset, amount });
    if (res.status !== 200) throw new Error(`faucet: ${res.status} ${res.text}`);
    return res.body;
  }

  async position(address: string, instrumentId: number, size: string): Promise<AccountSnapshot> {
    const res = await this.send<AccountSnapshot>('POST', '/sandbox/perps/position', { address, instrument_id: instrumentId, size });
    if (res.status !== 200) throw new Error(`position: ${res.status} ${res.text}`);
    return res.body;
  }

  async snapshot(address: string): Promise<AccountSnapshot> {
    return (await this.get<AccountSnapshot>(`/sandbox/perps/account?address=${address}`)).body;
  }

  async balance(address: string, asset: string): Promise<bigint> {
    const entry = (await this.snapshot(address)).balances.find((b) => b.asset === asset);
    return BigInt(entry?.amount ?? '0');
  }

  /** A signed internalTransfer body from `creds` (signed by its proxy key unless `signer` is given). */
  transferBody(creds: ProxyCredentials, to: string, asset: string, amount: string, extra: { signer?: Signer; salt?: number; ts?: number; label?: string } = {}) {
    return this.signedOp(extra.signer ?? creds.proxyKey, 'internalTransfer', {
      account: creds.owner.address, token: this.asset(asset).address as Hex, amount, to: to as Hex,
    }, { ...(extra.salt !== undefined && { salt: extra.salt }), ...(extra.ts !== undefined && { ts: extra.ts }), label: extra.label ?? 'move' });
  }

  transfer(body: unknown) {
    return this.send<{ status: string; transfer_id?: number; error?: string }>('POST', '/v1/account/internal-transfer', body);
  }
}

export const keyHeaders = (creds: ProxyCredentials): Record<string, string> => ({ 'SERVICE-PROXY': creds.proxy, 'SERVICE-SECRET': creds.secret });

export const ERR = (error: string) => ({ status: 'err', error });
