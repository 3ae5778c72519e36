// What a vscode:// link may do (src/core/protection/linkPolicy.ts): read a request, open a document, or ask
// first — for every operation of the catalog on every kind of environment — and which links are
// not followed at all, with the message that says why.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { operations, requireOperation } from '../../src/catalog';
import type { EnvironmentKind } from '../../src/core/environments/environment';
import { LINK_PATH, linkPolicy, readLink, unknownEnvironmentProblem, type LinkDecision } from '../../src/core/protection/linkPolicy';

const KINDS: readonly EnvironmentKind[] = ['local', 'sandbox', 'custom', 'production'];
const env = (kind: EnvironmentKind) => ({ name: `My ${kind}`, kind });
const decisionKind = (decision: LinkDecision): string => (typeof decision === 'string' ? decision : 'ask');
const FULL_PAN = '4111111111111111';

describe('linkPolicy: what a link to each operation does, on each kind of environment', () => {
  // [operation, what a link does with it]: the deletes and the ACH void the issue names, reads, and documents.
  const TABLE: readonly [string, 'run' | 'open' | 'ask'][] = [
    ['settings.hpp.delete', 'ask'],
    ['settings.paylink.delete', 'ask'],
    ['settings.device.delete', 'ask'],
    ['settings.transactionAlert.delete', 'ask'],
    ['tokens.delete', 'ask'],
    ['achTokens.delete', 'ask'],
    ['achTransactions.void', 'ask'],
    ['settings.hpp.get', 'run'],
    ['transactions.search', 'run'],
    ['tokens.get', 'run'],
    ['batches.getOpen', 'run'],
    ['transactions.sale', 'open'],
    ['batches.closeOpen', 'open'],
    ['settings.hpp.update', 'open'],
    ['merchants.create', 'open'],
  ];
  for (const kind of KINDS) {
    it(`${kind}: the table`, () => {
      for (const [id, expected] of TABLE) assert.equal(decisionKind(linkPolicy(requireOperation(id), env(kind))), expected, `${id} on ${kind}`);
    });
  }

  it('every operation: a body opens its document; without one, a read runs and anything else asks — on every kind', () => {
    for (const op of operations) {
      const expected = op.bodyFormat !== 'none' ? 'open' : op.safety === 'read' ? 'run' : 'ask';
      for (const kind of KINDS) assert.equal(decisionKind(linkPolicy(op, env(kind))), expected, `${op.id} on ${kind}`);
    }
  });

  it('the question names the operation, the environment and the link; its button is the operation', () => {
    const decision = linkPolicy(requireOperation('settings.hpp.delete'), { name: 'Staging', kind: 'sandbox' });
    assert.deepEqual(decision, {
      ask: {
        message: 'A link asks to run "Delete HPP settings" on Staging.',
        detail: 'DELETE /rest/v2/settings/terminal/hpp deletes data on the gateway, and cannot be undone from here. A link can come from anyone: nothing is sent unless you choose "Delete HPP settings".',
        action: 'Delete HPP settings',
      },
    });
  });

  it('the question says what the operation does: moves money, changes data', () => {
    const voided = linkPolicy(requireOperation('achTransactions.void'), env('local'));
    assert.ok(typeof voided === 'object' && voided.ask.detail.startsWith('DELETE /rest/v2/ach/transactions/{id} moves money.'), JSON.stringify(voided));
    // No catalog operation writes without a body today; the first one will read so.
    const write = linkPolicy({ ...requireOperation('tokens.delete'), safety: 'write' }, env('local'));
    assert.ok(typeof write === 'object' && write.ask.detail.startsWith('DELETE /rest/v2/tokens/{tokenId} changes data on the gateway.'), JSON.stringify(write));
  });

  it('production also says its typed name comes next; other kinds do not', () => {
    const op = requireOperation('tokens.delete');
    for (const kind of KINDS) {
      const decision = linkPolicy(op, env(kind));
      assert.ok(typeof decision === 'object');
      assert.equal(decision.ask.detail.includes(`My ${kind} is a production environment: you will also type its name.`), kind === 'production', kind);
    }
  });
});

describe('readLink: what a link carries', () => {
  it('operation and environment, percent-decoded by VS Code already ("+" is a space too)', () => {
    const hpp = requireOperation('settings.hpp.delete');
    assert.deepEqual(readLink(LINK_PATH, 'operation=settings.hpp.delete&environment=Staging'), { request: { operation: hpp, environmentName: 'Staging' } });
    assert.deepEqual(readLink(LINK_PATH, 'environment=Local+sandbox&operation=settings.hpp.delete'), { request: { operation: hpp, environmentName: 'Local sandbox' } });
    assert.deepEqual(readLink(LINK_PATH, 'operation=settings.hpp.delete'), { request: { operation: hpp } }, 'no environment: the active one');
  });

  // [the link's path, its query, the message's telling part]
  const REFUSED: readonly [string, string, RegExp][] = [
    ['/delete', 'operation=settings.hpp.delete', /^Gateway Workbench cannot open "\/delete": links look like …\/run\?operation=/],
    ['/run/', 'operation=settings.hpp.delete', /cannot open "\/run\/"/],
    ['', 'operation=settings.hpp.delete', /cannot open ""/],
    [LINK_PATH, '', /^The link names no gateway operation: it was not followed\./],
    [LINK_PATH, 'operation=', /names no gateway operation/],
    [LINK_PATH, 'environment=Staging', /names no gateway operation/],
    [LINK_PATH, 'operation=settings.hpp.drop', /^The link names no known gateway operation \("settings\.hpp\.drop"\): it was not followed\./],
    [LINK_PATH, 'operation=__proto__', /no known gateway operation \("__proto__"\)/],
    [LINK_PATH, 'operation=SETTINGS.HPP.DELETE', /no known gateway operation/],
    [LINK_PATH, 'operation=settings.hpp.delete&environment=', /^The link names no environment \(environment= is empty\)/],
    [LINK_PATH, 'operation=settings.hpp.delete&environment=%20', /names no environment/],
    [LINK_PATH, 'operation=settings.hpp.delete&confirm=yes', /^A link carries only operation and environment, not "confirm": it was not followed\./],
    [LINK_PATH, 'operation=settings.hpp.delete&yes', /not "yes"/],
    [LINK_PATH, 'operation=tokens.delete&tokenId=1234', /not "tokenId"/],
    [LINK_PATH, 'operation=transactions.sale&body=%7B%7D&vars=x', /not "body", "vars"/],
    [LINK_PATH, 'operation=settings.hpp.get&operation=settings.hpp.delete', /^The link names operation twice: it was not followed\./],
    [LINK_PATH, 'operation=settings.hpp.delete&environment=Staging&environment=Local%20sandbox', /names environment twice/],
    [LINK_PATH, 'operation=settings.hpp.delete&Operation=settings.hpp.get', /not "Operation"/],
  ];
  for (const [path, query, says] of REFUSED) {
    it(`refuses ${JSON.stringify(path)} ? ${JSON.stringify(query)}`, () => {
      const reading = readLink(path, query);
      assert.ok('problem' in reading, JSON.stringify(reading));
      assert.match(reading.problem, says);
    });
  }

  it('a message quotes what the link carried short, escaped and without a card number', () => {
    const card = readLink(LINK_PATH, `operation=${FULL_PAN}`);
    assert.ok('problem' in card);
    assert.ok(!card.problem.includes(FULL_PAN), card.problem);
    assert.match(card.problem, /"X{12}1111"/);
    const long = readLink(LINK_PATH, `operation=${'a'.repeat(500)}`);
    assert.ok('problem' in long);
    assert.match(long.problem, new RegExp(`"${'a'.repeat(60)}…"`));
    assert.ok(long.problem.length < 250, long.problem);
    const quote = readLink(`/x"\n`, 'operation=tokens.get');
    assert.ok('problem' in quote);
    assert.match(quote.problem, /cannot open "\/x\\"\\n"/);
    const manyUnknown = readLink(LINK_PATH, 'a=1&b=2&c=3&d=4');
    assert.ok('problem' in manyUnknown);
    assert.match(manyUnknown.problem, /not "a", "b", "c":/);
  });

  it('an environment the window does not have: named (redacted), with what to do', () => {
    assert.equal(unknownEnvironmentProblem('Nobody'),
      'There is no environment named "Nobody": the link was not followed. Add it with "Gateway: Add Environment…", or use a link that names one of yours.');
    assert.match(unknownEnvironmentProblem(FULL_PAN), /named "X{12}1111"/);
  });
});
