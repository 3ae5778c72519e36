// Shared by the documents and onboarding tests: asserts a handler threw an ErrorReply with
// the given status and a message a user can act on.
import assert from 'node:assert/strict';
import { ErrorReply } from '../../src/sandbox/domain';

export function boardingError(status: number, message: RegExp) {
  return (e: unknown): boolean => {
    assert.ok(e instanceof ErrorReply, `expected an ErrorReply, got ${String(e)}`);
    assert.equal(e.status, status, e.message);
    assert.match(e.message, message);
    return true;
  };
}
