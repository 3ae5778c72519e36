// Issue 11, item 8: an environment's context menu has what a user does with it (and, on the
// Local sandbox, its clock and reset), and the sandbox clock reads in the sandbox's zone.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COMMANDS } from '../../src/extension/contracts';
import { boardingUrlFor } from '../../src/extension/environments/environmentValidation';
import { clockStep, formatSandboxClock, formatSandboxTime } from '../../src/extension/environments/sandboxClock';
import { treeMenus } from '../../src/extension/tree/contributions';
import { environmentContext } from '../../src/extension/tree/itemLabels';

/** Commands whose `viewItem =~ /…/` clause accepts `contextValue`, as VS Code evaluates it. */
function menuFor(contextValue: string): string[] {
  return treeMenus['view/item/context']
    .filter((m) => m.group !== 'inline')
    .filter((m) => {
      const pattern = /viewItem =~ \/(.*)\/$/.exec(m.when ?? '')?.[1];
      return pattern !== undefined && new RegExp(pattern).test(contextValue);
    })
    .map((m) => m.command);
}

describe('environment context menus', () => {
  it('a user environment offers Switch, Set Keys, Edit, Toggle read-only, Remove and Refresh', () => {
    const menu = menuFor(environmentContext({ builtIn: false }));
    for (const command of [COMMANDS.switchEnvironment, COMMANDS.setKeys, COMMANDS.editEnvironment, COMMANDS.toggleReadOnly, COMMANDS.removeEnvironment, COMMANDS.refreshNode]) {
      assert.ok(menu.includes(command), `${command} missing: ${menu.join(', ')}`);
    }
    assert.ok(!menu.includes(COMMANDS.sandboxReset));
  });

  it('the Local sandbox offers Switch, the next ACH window, Reset and Open Examples, not Edit or Remove', () => {
    const menu = menuFor(environmentContext({ builtIn: true }));
    for (const command of [COMMANDS.switchEnvironment, COMMANDS.sandboxNextAchWindow, COMMANDS.sandboxReset, COMMANDS.sandboxOpenExamples, COMMANDS.refreshNode]) {
      assert.ok(menu.includes(command), `${command} missing: ${menu.join(', ')}`);
    }
    assert.ok(!menu.includes(COMMANDS.removeEnvironment) && !menu.includes(COMMANDS.editEnvironment));
  });
});

describe('the sandbox clock', () => {
  it('advances by a whole number of minutes, hours, days or weeks, forward, at most a year', () => {
    assert.deepEqual(clockStep('30m'), { ms: 1_800_000 });
    assert.deepEqual(clockStep(' 12H '), { ms: 43_200_000 });
    assert.deepEqual(clockStep('7d'), { ms: 604_800_000 });
    assert.deepEqual(clockStep('2w'), { ms: 1_209_600_000 });
    assert.deepEqual(clockStep('366d'), { ms: 366 * 86_400_000 });
    for (const bad of ['', '7', 'd', '-1d', '1.5d', '7 days', '0d', '367d', '53w']) assert.ok('problem' in clockStep(bad), bad);
  });

  it('reads in America/Chicago whatever the host zone: the 3 PM window is 3:00 PM', () => {
    assert.equal(formatSandboxTime(new Date('2026-11-20T21:00:00Z')), 'Nov 20, 3:00 PM CST');
    assert.equal(formatSandboxTime(new Date('2026-07-20T20:00:00Z')), 'Jul 20, 3:00 PM CDT');
    assert.equal(formatSandboxClock(new Date('2026-11-20T21:00:00Z'), new Date('2026-11-20T23:00:00Z')), '3:00 PM CST');
    // Moved on a day (issue 35): the clock names its date.
    assert.equal(formatSandboxClock(new Date('2026-11-21T21:01:00Z'), new Date('2026-11-20T23:00:00Z')), 'Nov 21, 3:01 PM CST');
  });
});

describe('Add Environment: the boarding URL follows the gateway URL typed (issue 11, item 10)', () => {
  it('a loopback or unknown gateway gets no public boarding host', () => {
    assert.equal(boardingUrlFor('http://127.0.0.1:4010', 'https://boarding-sb.clearent.net'), '');
    assert.equal(boardingUrlFor('https://gw.acme.test', 'https://boarding.clearent.net'), '');
  });

  it('a known gateway gets its own boarding host; one the user typed is kept', () => {
    assert.equal(boardingUrlFor('https://gateway.clearent.net/', ''), 'https://boarding.clearent.net');
    assert.equal(boardingUrlFor('https://gateway-sb.clearent.net', 'https://boarding.clearent.net'), 'https://boarding-sb.clearent.net');
    assert.equal(boardingUrlFor('http://127.0.0.1:4010', 'http://127.0.0.1:4011'), 'http://127.0.0.1:4011');
  });
});
