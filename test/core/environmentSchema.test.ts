// One schema for an environment (src/core/environments/environmentSchema.ts): the setting, the CLI's file and
// both front ends' checks agree because they read it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { environmentFileSchema, environmentProblem, environmentSchema } from '../../src/core/environments/environmentSchema';
import { environmentConfiguration } from '../../src/extension/environments/contributions';
import { parseEnvironmentConfig } from '../../src/cli/run/environmentConfig';

const VALID = { name: 'Staging', kind: 'sandbox', gatewayUrl: 'https://gateway-sb.example.net', boardingUrl: 'https://boarding-sb.example.net' };

describe('environment schema', () => {
  it('is the setting\'s item schema and the CLI file\'s item schema', () => {
    assert.equal(environmentConfiguration.properties['gatewayWorkbench.environments'].items, environmentSchema);
    assert.equal(environmentFileSchema.properties.environments.items, environmentSchema);
  });

  it('accepts a valid entry and names the first problem of each kind of invalid one', () => {
    assert.equal(environmentProblem(VALID), undefined);
    assert.equal(environmentProblem({ ...VALID, readOnly: true }), undefined);
    for (const required of environmentSchema.required) {
      const { [required]: _dropped, ...rest } = VALID;
      assert.match(environmentProblem(rest) ?? '', new RegExp(`\\.${required} is missing`), required);
    }
    assert.match(environmentProblem({ ...VALID, apiKey: 'x' }) ?? '', /unknown property "apiKey"/);
    assert.match(environmentProblem({ ...VALID, kind: 'staging' }) ?? '', /kind must be one of sandbox, production, custom/);
    assert.deepEqual([...environmentSchema.properties.kind.enum], ['sandbox', 'production', 'custom']);
    assert.match(environmentProblem({ ...VALID, gatewayUrl: 'http://gateway.example.net' }) ?? '', /plain http to a non-local host/);
    assert.match(environmentProblem({ ...VALID, readOnly: 'yes' }) ?? '', /readOnly must be true or false/);
    assert.equal(environmentProblem({ ...VALID, gatewayUrl: 'http://127.0.0.1:8484' }), undefined);
  });

  it('is what the CLI applies to gateway-workbench.json', () => {
    assert.throws(() => parseEnvironmentConfig(JSON.stringify({ environments: [{ ...VALID, kind: 'prod' }] }), 'gateway-workbench.json'),
      /gateway-workbench.json: environments\[0\]\.kind must be one of sandbox, production, custom/);
    assert.deepEqual(parseEnvironmentConfig(JSON.stringify({ environments: [VALID] }), 'f.json'), [{ ...VALID, readOnly: false }]);
  });
});
