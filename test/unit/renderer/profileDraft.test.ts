/** The profile form's model: chain-137 defaults, problems placed under their fields, ids from labels. */
import { describe, expect, it } from 'vitest';
import { draftFrom, idFromLabel, parseInstruments, pinsOtherDomain, profileFromDraft, withServedDomain, type ProfileDraft } from '../../../src/renderer/views/settings/networks/profileDraft';

const filled = (): ProfileDraft => ({
  ...draftFrom(null),
  id: 'prod',
  label: 'Production',
  urls: { clob: 'https://clob.example.com/', catalog: 'https://catalog.example.com', analytics: 'https://data.example.com', perps: 'http://127.0.0.1:9000' },
});

describe('the profile form model', () => {
  it('starts from chain 137 and turns a filled form into a profile', () => {
    const draft = filled();
    expect(draft.chainId).toBe('137');
    expect(draft.contracts.exchange).toBe('0xE111180000d2663C0091e4f400237545B87B996B');
    expect(draft.safetyPercent).toBe('90');
    const result = profileFromDraft(draft);
    expect(result.errors).toBeNull();
    expect(result.profile).toMatchObject({ id: 'prod', chainId: 137, budgetSafetyFactor: 0.9, perpsDomain: null, perpsWeightBudget: { limit: 1200, windowMs: 60_000 } });
    expect(result.profile?.urls.clob).toBe('https://clob.example.com');
    // A saved profile comes back as the same form.
    expect(draftFrom(result.profile)).toEqual({ ...draft, urls: { ...draft.urls, clob: 'https://clob.example.com' } });
  });

  it('puts each problem under its field, before anything is sent', () => {
    const draft = filled();
    const result = profileFromDraft({
      ...draft,
      label: ' ',
      urls: { ...draft.urls, analytics: 'http://data.example.com' },
      chainId: 'x',
      pinPerps: true,
      perps: { name: 'P', version: '1', chainId: '137', verifyingContract: '0x12' },
      safetyPercent: '30',
    });
    expect(result.profile).toBeNull();
    expect(result.errors).toEqual({
      label: 'a label is required',
      'urls.analytics': 'must use https:// (plain http:// is allowed only for this computer: 127.0.0.1 or localhost)',
      chainId: 'a number is required',
      'perpsDomain.verifyingContract': 'a 0x-prefixed 20-byte hex address',
      safety: 'between 50 and 100 %',
    });
  });

  it('edits the perps instruments as "id symbol" lines, naming the line that is wrong', () => {
    const result = profileFromDraft({ ...filled(), instrumentsText: '1 BTC-PERP\n\n  2   ETH-PERP  \n' });
    expect(result.profile?.perpsInstruments).toEqual([{ id: 1, symbol: 'BTC-PERP' }, { id: 2, symbol: 'ETH-PERP' }]);
    expect(draftFrom(result.profile).instrumentsText).toBe('1 BTC-PERP\n2 ETH-PERP');
    expect(parseInstruments('1 BTC-PERP\nBTC')).toEqual({ list: [], problem: 'line 2: write the instrument id, a space, then its symbol (e.g. 1 BTC-PERP)' });
    expect(parseInstruments('7 SOL-PERP\n7 SOL')).toMatchObject({ problem: 'line 2: instrument 7 is listed twice' });
    // A wrong line is an error of its own field, with the other fields' problems, and nothing is saved.
    const refused = profileFromDraft({ ...filled(), label: '', instrumentsText: 'one BTC' });
    expect(refused.profile).toBeNull();
    expect(refused.errors).toEqual({
      perpsInstruments: 'line 1: write the instrument id, a space, then its symbol (e.g. 1 BTC-PERP)',
      label: 'a label is required',
    });
    expect(profileFromDraft({ ...filled(), instrumentsText: '3 X' }).profile?.perpsInstruments).toEqual([{ id: 3, symbol: 'X' }]);
  });

  it('takes the domain the connection test read when asked, pinned and saved as served; the instruments stay as typed', () => {
    const served = { name: 'Perps Exchange', version: '2', chainId: 31337, verifyingContract: '0x00000000000000000000000000000000000000aB' };
    const draft = { ...filled(), instrumentsText: '1 BTC-PERP' };
    expect(pinsOtherDomain(draft, served)).toBe(true);
    const adopted = withServedDomain(draft, served);
    expect(pinsOtherDomain(adopted, served)).toBe(false);
    expect(pinsOtherDomain({ ...adopted, perps: { ...adopted.perps, version: '3' } }, served)).toBe(true);
    expect(profileFromDraft(adopted).profile).toMatchObject({ perpsDomain: served, perpsInstruments: [{ id: 1, symbol: 'BTC-PERP' }] });
  });

  it('makes a new id from the label, unique and never the sandbox’s', () => {
    expect(idFromLabel('Staging (EU)', new Set())).toBe('staging-eu');
    expect(idFromLabel('Staging (EU)', new Set(['staging-eu', 'staging-eu-2']))).toBe('staging-eu-3');
    expect(idFromLabel('Sandbox', new Set())).toBe('sandbox-copy');
    expect(idFromLabel('—', new Set())).toBe('network');
  });
});
