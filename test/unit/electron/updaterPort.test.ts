/**
 * The desktop adapter in a development run (app.isPackaged false): it reports an unpackaged app
 * and refuses to act, without loading electron-updater (which needs the Electron runtime). The
 * packaged path needs the Electron binary and is not run here.
 */
import type { App } from 'electron';
import { describe, expect, it } from 'vitest';
import { createUpdaterPort } from '../../../src/main/electron/updaterPort';
import { UpdateService } from '../../../src/main/core/updates/updateService';
import { silentLogger } from '../../../src/main/core/log';

describe('createUpdaterPort in a development run', () => {
  it('says the app is not packaged, so the core reports updates off with that reason', async () => {
    const port = await createUpdaterPort({ isPackaged: false } as App);
    expect(port.environment.packaged).toBe(false);
    await expect(port.check()).rejects.toThrow(/installed copy/);
    expect(() => port.quitAndInstall()).toThrow(/installed copy/);
    const service = new UpdateService({
      port,
      currentVersion: '0.1.0',
      savedFeed: { get: () => 'https://updates.example.com/' },
      onSandbox: () => false,
      readResting: async () => ({ networkLabel: 'Live', heartbeatWindowMs: 10_000, accounts: [] }),
      onChange: () => undefined,
      log: silentLogger,
    });
    expect(service.state().status).toEqual({ phase: 'off', reason: 'not-packaged' });
    await expect(service.checkNow()).rejects.toThrow(/development run/);
  });
});
