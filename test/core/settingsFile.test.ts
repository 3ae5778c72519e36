// The settings file of `gateway-workbench settings`: what it accepts and refuses (a stranger's
// file among them), its stable text, the plan's words, and the schema VS Code checks it with.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv from 'ajv';
import { parseSettingsFile, settingsFileText } from '../../src/core/settingsCode/settingsFile';
import { planSettings, planText, sameValue } from '../../src/core/settingsCode/settingsPlan';
import { settingsFileSchema } from '../../src/core/settingsCode/settingsSchema';
import { SETTINGS_GROUPS } from '../../src/core/settingsCode/settingsGroups';

const ROOT = path.resolve(__dirname, '../..');
const refused = (text: string) => assert.throws(() => parseSettingsFile(text, 'shop.gwsettings.json'));
const message = (text: string) => {
  try {
    parseSettingsFile(text, 'shop.gwsettings.json');
  } catch (err) {
    return (err as Error).message;
  }
  return 'accepted';
};

describe('settings file', () => {
  it('takes comments and trailing commas, and refuses bad JSON with its line and column', () => {
    const file = parseSettingsFile('// ours\n{"settings": {"rps": {"enabled": true,},},}', 'f');
    assert.deepEqual(file.settings, { rps: { enabled: true } });
    assert.equal(message('{\n  "settings": {\n    "rps": {"enabled": tru}}}'), 'shop.gwsettings.json:3:24: not valid JSON (InvalidSymbol)');
  });

  it('refuses unknown groups and fields, identity and key fields, wrong types and values, each named', () => {
    assert.match(message('{"settings": {"terminals": {}}}'), /unknown settings group "terminals"; the groups are duplicates, avs, csc, terminal/);
    assert.match(message('{"settings": {"terminal": {"tip": true}}}'), /settings\.terminal has no field "tip"; its fields are commerce-type, enable-tip/);
    assert.match(message('{"settings": {"device": {"device-api-key": "abc"}}}'), /settings\.device\.device-api-key is never carried in a settings file \(a key: keys never go into files\)/);
    assert.match(message('{"settings": {"hpp": {"hpp-public-key": "30"}}}'), /never carried/);
    assert.match(message('{"settings": {"terminal": {"merchant-id": "1"}}}'), /identifies the environment/);
    assert.match(message('{"settings": {"terminal": {"enable-tip": "yes"}}}'), /settings\.terminal\.enable-tip must be true or false, not string/);
    assert.match(message('{"settings": {"terminal": {"service-fee-type": "HALF"}}}'), /must be one of PERCENTAGE, FLATFEE, not "HALF"/);
    assert.match(message('{"settings": {"duplicates": {"time-range-in-minutes": 1.5}}}'), /must be a whole number/);
    assert.match(message('{"settings": {"__proto__": {"enabled": true}}}'), /shop\.gwsettings\.json:1:15: a property named "__proto__" is not a setting/);
    assert.match(message('{"settings": {"rps": {"constructor": 1}}}'), /"constructor" is not a setting/);
    assert.match(message('{"settings": {}, "apiKey": "k"}'), /unknown property "apiKey"/);
    refused('[]');
    refused('{"settings": []}');
  });

  it('writes groups in write order and fields in the catalog order, whatever order they came in', () => {
    const a = settingsFileText(parseSettingsFile('{"settings": {"rps": {"enabled": true}, "terminal": {"enable-tip": true, "commerce-type": "RETAIL"}}}', 'a'));
    const b = settingsFileText(parseSettingsFile('{"settings": {"terminal": {"commerce-type": "RETAIL", "enable-tip": true}, "rps": {"enabled": true}}}', 'b'));
    assert.equal(a, b);
    assert.ok(a.indexOf('"terminal"') < a.indexOf('"rps"') && a.indexOf('commerce-type') < a.indexOf('enable-tip'));
  });

  it('plans only the fields the file names; numbers and their text are the same value', () => {
    const file = parseSettingsFile('{"settings": {"terminal": {"batch-time-utc": "05:17"}, "duplicates": {"time-range-in-minutes": "10"}, "paylink": {"enabled": true}}}', 'f');
    const plans = planSettings({ terminal: { 'batch-time-utc': '03:00', 'enable-tip': true }, duplicates: { 'time-range-in-minutes': 10 } }, file);
    assert.deepEqual(plans.map((p) => [p.group, p.creates, p.changes.map((c) => c.field)]), [['duplicates', false, []], ['terminal', false, ['batch-time-utc']], ['paylink', true, ['enabled']]]);
    assert.deepEqual(planText(plans, 'Staging'), [
      'terminal:', '  batch-time-utc: 03:00 → 05:17',
      'paylink: (created: the environment does not have it yet)', '  enabled: (not set) → true',
      '2 changes in 2 groups (terminal, paylink) of "Staging"; 1 group unchanged.',
    ]);
    assert.ok(sameValue({ a: [1, { b: '2' }] }, { a: ['1', { b: 2 }] }));
    assert.ok(!sameValue({ a: 1 }, { a: 1, b: undefined }));
    assert.ok(!sameValue([1], { 0: 1 }));
  });

  it('the schema VS Code checks with is generated from the same table, and agrees with the parser', () => {
    assert.equal(fs.readFileSync(path.join(ROOT, 'schemas/gwsettings.schema.json'), 'utf8'), `${JSON.stringify(settingsFileSchema, null, 2)}\n`);
    const validate = new Ajv({ strict: false }).compile(settingsFileSchema);
    const full = Object.fromEntries(SETTINGS_GROUPS.map((g) => [g.key, Object.fromEntries(g.fields.filter((f) => f.type === 'boolean').map((f) => [f.name, true]))]));
    assert.ok(validate({ environment: 'Staging', settings: full }), JSON.stringify(validate.errors));
    for (const bad of [{ settings: { terminal: { 'merchant-id': '1' } } }, { settings: { nope: {} } }, { settings: { terminal: { 'enable-tip': 'yes' } } }, {}]) {
      assert.equal(validate(bad), false, JSON.stringify(bad));
      refused(JSON.stringify(bad));
    }
  });
});
