// An operation's safety class is said in one set of words (src/catalog/safety.ts), wherever it is
// said: the README's table, a request document's header, hover, the question before a link's
// send, the advice after a lost answer. Each face is held here to the catalog's words for one
// operation of every class, so a face with words of its own fails.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { operations, SAFETY_WORDING, type Safety } from '../../src/catalog';
import { linkPolicy } from '../../src/core/protection/linkPolicy';
import { mayHaveHappened } from '../../src/core/http/outcomeCheck';
import { operationMarkdown } from '../../src/language/completion/operationDocs';
import { requestDocumentText } from '../../src/extension/operations/requestDocumentText';
import { operationsTable } from '../../scripts/operationsTable';

const CLASSES = Object.keys(SAFETY_WORDING) as Safety[];
const oneOf = (safety: Safety) => {
  const op = operations.find((o) => o.safety === safety);
  assert.ok(op, `no operation is ${safety}`);
  return op;
};

describe('the safety classes\' words', () => {
  it('every class has a label and says what it does; only what cannot be taken back carries a caution', () => {
    for (const safety of CLASSES) {
      const { label, does, caution } = SAFETY_WORDING[safety];
      assert.ok(label && does, safety);
      assert.equal(caution !== undefined, safety === 'destructive', safety);
    }
  });

  it('a request document\'s header and hover say what the operation does', () => {
    for (const safety of CLASSES) {
      const op = oneOf(safety);
      const { does } = SAFETY_WORDING[safety];
      assert.ok(requestDocumentText({ operation: op, environmentName: 'Local sandbox' }).startsWith(`# ${op.title} (${op.id}) — ${does}\n`), op.id);
      assert.ok(operationMarkdown(op).includes(`- Safety: ${does}`), op.id);
    }
  });

  it('the README\'s table names each class by its label', () => {
    const table = operationsTable();
    for (const safety of CLASSES) assert.ok(table.includes(`| ${SAFETY_WORDING[safety].label} |`), safety);
  });

  it('a link\'s question and the advice after a lost answer say it in the same words', () => {
    for (const safety of CLASSES.filter((s) => s !== 'read')) {
      const op = { ...oneOf(safety), bodyFormat: 'none' as const };
      const { does } = SAFETY_WORDING[safety];
      const decision = linkPolicy(op, { name: 'Staging', kind: 'sandbox' });
      assert.ok(typeof decision === 'object' && decision.ask.detail.startsWith(`${op.method} ${op.path} ${does}`), `${op.id}: ${JSON.stringify(decision)}`);
      assert.match(mayHaveHappened(op.method, new URL(`http://127.0.0.1${op.path}`), op), new RegExp(`\\(it ${does}\\)`), op.id);
    }
  });
});
