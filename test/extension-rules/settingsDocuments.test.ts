// Issue 11, item 1: "Update … settings" must start from the current settings. Against a real
// Local sandbox: an update pre-filled from a fresh GET changes only what the user changed; the
// catalog sample would have moved batch-time-utc from 03:00 to 23:00.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { operations, requireOperation } from '../../src/catalog';
import * as codecs from '../../src/core/codecs/codecs';
import { parseXml } from '../../src/core/codecs/codecs';
import { currentSettingsOf, isSettingsWrite, normalizedSettingsBody, settingsBodyText, settingsReadOf } from '../../src/extension/operations/settingsDocuments';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/server';

let sandbox: RunningSandbox;

async function call(method: string, path: string, body?: string): Promise<{ status: number; parsed: unknown }> {
  const res = await fetch(sandbox.gatewayUrl + path, {
    method,
    headers: { 'api-key': sandbox.apiKey, accept: 'application/xml', ...(body ? { 'content-type': 'application/xml' } : {}) },
    body,
  });
  const text = await res.text();
  const decoded = parseXml(text);
  return { status: res.status, parsed: decoded.ok ? decoded.value : text };
}

const terminalOf = (parsed: unknown) => currentSettingsOf(requireOperation('settings.terminal.update'), parsed) as Record<string, string>;

describe('settings updates start from the current settings', () => {
  before(async () => { sandbox = await startSandbox({ port: 0 }); });
  after(async () => { await sandbox.close(); });

  it('every settings write has a GET to read the current settings from', () => {
    for (const op of operations.filter(isSettingsWrite)) assert.ok(settingsReadOf(op), op.id);
  });

  it('the catalog sample would change more than the user meant (the defect)', () => {
    const sample = requireOperation('settings.terminal.update').sample ?? '';
    assert.match(sample, /<batch-time-utc>23:00<\/batch-time-utc>/);
  });

  it('changing only enable-tip in a body pre-filled from GET leaves batch-time-utc at 03:00', async () => {
    const op = requireOperation('settings.terminal.update');
    const current = terminalOf((await call('GET', op.path)).parsed);
    assert.equal(current['batch-time-utc'], '03:00');
    const body = settingsBodyText(op, current, codecs).replace('<enable-tip>true</enable-tip>', '<enable-tip>false</enable-tip>');
    assert.notEqual(body, settingsBodyText(op, current, codecs), 'the edit changed the body');
    assert.equal((await call('PUT', op.path, body)).status, 200);
    const after = terminalOf((await call('GET', op.path)).parsed);
    assert.equal(after['enable-tip'], 'false');
    assert.equal(after['batch-time-utc'], '03:00');
  });

  it('device settings (answered as terminal settings) pre-fill from the fields the update knows', async () => {
    const op = requireOperation('settings.device.update');
    const parsed = (await call('GET', op.path)).parsed;
    const current = currentSettingsOf(op, parsed);
    if (current) for (const name of Object.keys(current)) assert.ok(op.fields.some((f) => f.name === name), name);
  });

  it('a body as the user wrote it renders like the current settings, so the diff shows values only', () => {
    const op = requireOperation('settings.avs.update');
    const written = '<avs-settings><enabled>true</enabled></avs-settings>';
    assert.equal(normalizedSettingsBody(op, written, codecs), settingsBodyText(op, { enabled: 'true' }, codecs));
    assert.equal(normalizedSettingsBody(op, '<avs-settings><enabled>', codecs), '<avs-settings><enabled>', 'kept as written when it does not parse');
  });
});
