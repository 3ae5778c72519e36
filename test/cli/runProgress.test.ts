// The runner tells its progress as it goes (the CLI's text report streams from it): each file
// as it starts, each request as it finishes — a dependency before the request that needed it —
// and each file's report, all before runFiles resolves.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runFiles } from '../../src/cli/run/runFiles';
import { startLocalTarget, type RunTarget } from '../../src/cli/run/runTarget';

const SALE_THEN_REFUND = `### refund first (it needs the sale)
# @expect status 200
POST {{gatewayUrl}}/rest/v2/transactions/refund
Content-Type: application/json

{"type": "REFUND", "id": "{{sale1.payload.transaction.id}}", "amount": "1.00"}

### the sale
# @name sale1
POST {{gatewayUrl}}/rest/v2/transactions/sale
Content-Type: application/json

{"type": "SALE", "amount": "5.00", "card": "4111111111111111", "exp-date": "1230"}
`;

describe('run progress', () => {
  let target: RunTarget;
  before(async () => {
    target = await startLocalTarget();
  });
  after(() => target.close());

  it('reports files and requests as they finish, in the order they ran', async () => {
    const events: string[] = [];
    const report = await runFiles([{ path: 'a.gwreq', text: SALE_THEN_REFUND }, { path: 'b.gwreq', text: 'NOT A REQUEST\n' }], target, {
      progress: {
        fileStarted: (path) => events.push(`start ${path}`),
        requestDone: (request) => events.push(`${request.state} ${request.label}${request.asDependency ? ' (dependency)' : ''}`),
        fileDone: (file) => events.push(`done ${file.file} ${file.state}`),
      },
    });
    assert.deepEqual(events, [
      'start a.gwreq',
      'passed sale1 (dependency)',
      'passed refund first (it needs the sale)',
      'done a.gwreq passed',
      'start b.gwreq',
      'done b.gwreq invalid',
    ]);
    assert.equal(report.passed, false);
  });
});
