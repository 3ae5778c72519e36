// What a headless run refuses to send: the guard policy of src/core/protection/guardPolicy.ts (anything
// but a read to a read-only environment; anything but a read to production unless the run says
// --allow-production), then requests whose keys are missing. A refused request is reported as
// an error; it never reaches the wire.

import { SAFETY_WORDING } from '../../catalog/safety';
import { surfaceOfPath } from '../../core/protection/authBinding';
import { guardDecision, safetyOf } from '../../core/protection/guardPolicy';
import type { PreparedRequest } from '../../core/runner';
import { keyVariableNames } from '../../core/environments/environmentKeys';
import type { RunTarget } from './runTarget';

/** The request and what it does, for a refusal: written only then, as every request of a run comes through refusalOf. */
function what(prepared: PreparedRequest): string {
  return `"${prepared.label}" (${prepared.operation?.title ?? `${prepared.method} ${prepared.url.pathname}`}) ${SAFETY_WORDING[safetyOf(prepared)].does}`;
}

/** Why `prepared` must not be sent to `target`, or undefined when it may go. */
export function refusalOf(prepared: PreparedRequest, target: RunTarget, allowProduction: boolean): string | undefined {
  const name = target.environment.name;
  const decision = guardDecision({ kind: target.environment.kind, readOnly: target.readOnly }, prepared, allowProduction ? 'allow' : 'refuse');
  if (decision === 'refuse-read-only') {
    return `refused: ${what(prepared)} and environment "${name}" is read-only; only reads are sent to it`;
  }
  if (decision !== 'send') {
    return `refused: ${what(prepared)} and "${name}" is a production environment; pass --allow-production to send it`;
  }
  const surface = surfaceOfPath(prepared.url.pathname);
  if (surface === 'api-key' && !target.credentials.apiKey) {
    return `not sent: no api key for "${name}"; set ${keyVariableNames('apiKey', name).join(' or ')}`;
  }
  if (surface === 'access-key' && (!target.credentials.accessKey || !target.credentials.merchantId)) {
    const names = [...keyVariableNames('accessKey', name), ...keyVariableNames('merchantId', name)];
    return `not sent: /api/ requests need an access key and a merchant id for "${name}"; set ${names.join(', ')}`;
  }
  return undefined;
}
