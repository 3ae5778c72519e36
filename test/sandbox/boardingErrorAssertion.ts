// Shared by the documents and onboarding tests: asserts a handler threw a GatewayError with
// the given status and a message a user can act on.
import assert from 'node:assert/strict';
import { GatewayError } from '../../src/sandbox/domain';

export function boardingError(status: number, message: RegExp) {
  return (e: unknown): boolean => {
    assert.ok(e instanceof GatewayError, `expected a GatewayError, got ${String(e)}`);
    assert.equal(e.status, status, e.message);
    assert.match(e.message, message);
    return true;
  };
}
