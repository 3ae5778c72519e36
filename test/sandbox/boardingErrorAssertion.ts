// Shared by the documents and onboarding tests: asserts a handler threw an ErrorAnswer with
// the given status and a message a user can act on.
import assert from 'node:assert/strict';
import { ErrorAnswer } from '../../src/sandbox/domain/domain';

export function boardingError(status: number, message: RegExp) {
  return (e: unknown): boolean => {
    assert.ok(e instanceof ErrorAnswer, `expected an ErrorAnswer, got ${String(e)}`);
    assert.equal(e.status, status, e.message);
    assert.match(e.message, message);
    return true;
  };
}
