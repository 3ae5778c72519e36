// Issue 35, defect 1: a settings update must not silently revert what changed on the gateway after
// its document was opened. The three-way merge (base = read when opened, theirs = read at send
// time, yours = the document's body) decides what is sent; the last test walks it against a real
// Local sandbox over HTTP.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { requireOperation } from '../../src/catalog';
import * as codecs from '../../src/core/codecs/codecs';
import { mergeSettings, sameSettingsValue, settingsValueText } from '../../src/core/settings/settingsMerge';
import { currentSettingsOf, settingsBodyText } from '../../src/extension/operations/settingsDocuments';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/server';

const base = { 'enable-tip': 'true', 'batch-time-utc': '03:00', 'time-zone': 'Central/US' };

describe('settings three-way merge', () => {
  it('nothing moved elsewhere: what is sent is yours', () => {
    const yours = { ...base, 'enable-tip': 'false' };
    const m = mergeSettings(base, { ...base }, yours);
    assert.deepEqual(m.changedElsewhere, []);
    assert.deepEqual(m.changedByYou, ['enable-tip']);
    assert.deepEqual(m.conflicts, []);
    assert.deepEqual(m.mine, yours);
  });

  it('a field changed elsewhere and one changed by you: both kept, no conflict (the defect\'s walk)', () => {
    const m = mergeSettings(base, { ...base, 'batch-time-utc': '05:00' }, { ...base, 'enable-tip': 'false' });
    assert.deepEqual(m.changedElsewhere, ['batch-time-utc']);
    assert.deepEqual(m.conflicts, []);
    assert.deepEqual(m.mine, { 'enable-tip': 'false', 'batch-time-utc': '05:00', 'time-zone': 'Central/US' });
    assert.deepEqual(m.keepTheirs, m.mine);
  });

  it('the same field changed both ways is a conflict: mine takes yours, keepTheirs takes theirs, your other changes go in both', () => {
    const m = mergeSettings(base, { ...base, 'batch-time-utc': '05:00' }, { ...base, 'batch-time-utc': '04:00', 'enable-tip': 'false' });
    assert.deepEqual(m.conflicts, [{ field: 'batch-time-utc', base: '03:00', theirs: '05:00', yours: '04:00' }]);
    assert.equal(m.mine['batch-time-utc'], '04:00');
    assert.equal(m.keepTheirs['batch-time-utc'], '05:00');
    assert.equal(m.mine['enable-tip'], 'false');
    assert.equal(m.keepTheirs['enable-tip'], 'false');
  });

  it('both sides made the same change: no conflict', () => {
    const m = mergeSettings(base, { ...base, 'batch-time-utc': '05:00' }, { ...base, 'batch-time-utc': '05:00' });
    assert.deepEqual(m.conflicts, []);
    assert.equal(m.mine['batch-time-utc'], '05:00');
  });

  it('a field left out of your body is untouched and stays unsent (the gateway keeps what it has)', () => {
    const yours: Record<string, unknown> = { 'enable-tip': 'false' };
    const m = mergeSettings(base, { ...base, 'time-zone': 'Eastern/US' }, yours);
    assert.deepEqual(m.changedByYou, ['enable-tip']);
    assert.deepEqual(m.mine, { 'enable-tip': 'false' });
  });

  it('what is sent keeps your body\'s fields and order; a field removed elsewhere and untouched by you is left out', () => {
    const yours = { 'time-zone': 'Central/US', 'enable-tip': 'false', 'batch-time-utc': '03:00' };
    const theirs = { 'enable-tip': 'true', 'batch-time-utc': '05:00' };
    const m = mergeSettings(base, theirs, yours);
    assert.deepEqual(Object.keys(m.mine), ['enable-tip', 'batch-time-utc']);
    assert.deepEqual(m.mine, { 'enable-tip': 'false', 'batch-time-utc': '05:00' });
  });

  it('XML text and JSON types compare as the same value; nested lists compare whole', () => {
    assert.ok(sameSettingsValue(true, 'true'));
    assert.ok(sameSettingsValue({ b: 1, a: [{ x: 'y' }] }, { a: [{ x: 'y' }], b: '1' }));
    assert.ok(!sameSettingsValue({ a: [{ x: 'y' }] }, { a: [{ x: 'z' }] }));
    assert.ok(!sameSettingsValue(undefined, ''));
    const filters = (allowed: string) => ({ 'response-filter': [{ name: 'ZIP_MATCH', allowed }] });
    const m = mergeSettings({ enabled: 'true', 'response-filters': filters('true') }, { enabled: 'false', 'response-filters': filters('true') }, { enabled: 'true', 'response-filters': filters('false') });
    assert.deepEqual(m.mine, { enabled: 'false', 'response-filters': filters('false') });
  });

  it('a "__proto__" field stays a field and changes no prototype', () => {
    const yours = JSON.parse('{"__proto__": {"polluted": "yes"}, "enable-tip": "false"}') as Record<string, unknown>;
    const m = mergeSettings(base, { ...base }, yours);
    assert.ok(Object.prototype.hasOwnProperty.call(m.mine, '__proto__'));
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.equal(Object.getPrototypeOf(m.mine), Object.prototype);
  });

  it('for any three versions: a change made elsewhere survives unless you changed the same field', () => {
    const value = fc.constantFrom('a', 'b', 'c');
    const version = fc.record({ f1: value, f2: value, f3: value });
    fc.assert(fc.property(version, version, version, (b, theirs, yours) => {
      const m = mergeSettings(b, theirs, yours);
      for (const f of Object.keys(b) as (keyof typeof b)[]) {
        const yoursChanged = yours[f] !== b[f];
        assert.equal(m.mine[f], yoursChanged ? yours[f] : theirs[f]);
        assert.equal(m.keepTheirs[f], yoursChanged && theirs[f] === b[f] ? yours[f] : theirs[f]);
        assert.equal(m.conflicts.some((c) => c.field === f), yoursChanged && theirs[f] !== b[f] && theirs[f] !== yours[f]);
      }
    }));
  });

  it('values read as one short line, a key hidden', () => {
    assert.equal(settingsValueText('batch-time-utc', '03:00'), '03:00');
    assert.equal(settingsValueText('batch-time-utc', undefined), '(not set)');
    assert.equal(settingsValueText('response-filters', { a: ['b'] }), '{"a":["b"]}');
    const deviceKey = 'dk_4f1c9a7e5b3d2c1a';
    assert.ok(!settingsValueText('device-api-key', deviceKey).includes(deviceKey));
    assert.ok(!settingsValueText('merchant-name', `shop ${deviceKey}`, [deviceKey]).includes(deviceKey));
    assert.ok(!settingsValueText('response-filters', { csc: '123' }).includes('123'));
  });
});

describe('the merge against a Local sandbox: another client sets batch-time-utc 05:00 after the document was opened', () => {
  let sandbox: RunningSandbox;
  before(async () => { sandbox = await startSandbox({ port: 0 }); });
  after(async () => { await sandbox.close(); });

  const op = requireOperation('settings.terminal.update');
  const call = async (method: string, body?: string) => {
    const res = await fetch(sandbox.gatewayUrl + op.path, {
      method,
      headers: { 'api-key': sandbox.apiKey, accept: 'application/xml', ...(body ? { 'content-type': 'application/xml' } : {}) },
      body,
    });
    const decoded = codecs.parseXml(await res.text());
    assert.ok(decoded.ok);
    return { status: res.status, settings: currentSettingsOf(op, decoded.value) as Record<string, unknown> };
  };

  it('sending the merge keeps 05:00 and changes enable-tip', async () => {
    const opened = (await call('GET')).settings;
    assert.equal(opened['batch-time-utc'], '03:00');
    const elsewhere = settingsBodyText(op, { ...opened, 'batch-time-utc': '05:00' }, codecs);
    assert.equal((await call('PUT', elsewhere)).status, 200);
    const yours = { ...opened, 'enable-tip': String(opened['enable-tip']) === 'true' ? 'false' : 'true' };
    const theirs = (await call('GET')).settings;
    const m = mergeSettings(opened, theirs, yours);
    assert.deepEqual(m.conflicts, []);
    assert.equal((await call('PUT', settingsBodyText(op, m.mine, codecs))).status, 200);
    const now = (await call('GET')).settings;
    assert.equal(now['batch-time-utc'], '05:00');
    assert.equal(String(now['enable-tip']), yours['enable-tip']);
  });
});
