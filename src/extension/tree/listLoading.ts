// Loads one list for the tree straight through the environment's client (browsing opens no
// editors and records no history), turning every failure into a reason a user can act on.
import { requireOperation } from '../../catalog';
import type { GatewayResult } from '../../core/answers/result';
import type { ParamValue } from '../../core/http/requestBuilder';
import type { TreeContext } from './treeContext';
import { workbenchUserAgent } from '../../core/http/userAgent';

/** A list could not be loaded; `message` is the reason shown on the error item. */
export class TreeLoadFailure extends Error {
  constructor(message: string, readonly status?: number) {
    super(message);
    this.name = 'TreeLoadFailure';
  }
}

interface ListRequest {
  params?: Readonly<Record<string, ParamValue>>;
  query?: Readonly<Record<string, ParamValue>>;
}

export async function fetchList(ctx: TreeContext, environmentName: string, operationId: string, request: ListRequest = {}): Promise<GatewayResult> {
  const operation = requireOperation(operationId);
  let result: GatewayResult;
  try {
    const client = await ctx.environments.client(environmentName);
    // Said to be the Gateway view's own: the Traffic view keeps these out of the user's traffic.
    result = await client.send({ operation, params: request.params, query: request.query, userAgent: workbenchUserAgent('view') });
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    ctx.log.warn(`Tree: ${operation.title} in "${environmentName}" failed: ${reason}`);
    throw new TreeLoadFailure(reason);
  }
  if (result.status < 200 || result.status >= 300) {
    const reason = ctx.explainStatus(result) ?? `${result.status} ${result.statusText}`;
    ctx.log.warn(`Tree: ${operation.title} in "${environmentName}" answered ${reason}`);
    throw new TreeLoadFailure(reason, result.status);
  }
  // An empty list drawn from a page nobody could read would look like "nothing there".
  if (result.unreadable !== undefined) {
    const reason = `the answer could not be read: ${result.unreadable}`;
    ctx.log.warn(`Tree: ${operation.title} in "${environmentName}": ${reason}`);
    throw new TreeLoadFailure(reason, result.status);
  }
  return result;
}

/** The MerchantId credential, which the documents paths need as merchantNumber. */
export async function merchantNumberOf(ctx: TreeContext, environmentName: string): Promise<string> {
  const merchantId = (await ctx.environments.credentials(environmentName))?.merchantId;
  if (!merchantId) throw new TreeLoadFailure(`"${environmentName}" has no MerchantId: set its keys (Gateway: Set Keys) to browse documents.`);
  return merchantId;
}
