// MCP's tool annotations (and the same hints a VS Code Language Model Tool shows) from the
// catalog's safety class: one table, so an agent is told what the editor's guard would say.
import type { Safety } from '../../catalog/types';

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** What a tool whose worst effect is of this safety class may do. No class here is idempotent but a read: the gateway has no idempotency key. */
const ANNOTATIONS_BY_SAFETY: Readonly<Record<Safety, Omit<ToolAnnotations, 'openWorldHint'>>> = {
  read: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  write: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  'moves-money': { readOnlyHint: false, destructiveHint: true, idempotentHint: false },
  destructive: { readOnlyHint: false, destructiveHint: true, idempotentHint: false },
};

/** The annotations of a tool doing at worst `safety`; `openWorld` when it reaches a gateway outside this process. */
export function annotationsFor(safety: Safety, openWorld: boolean): ToolAnnotations {
  return { ...ANNOTATIONS_BY_SAFETY[safety], openWorldHint: openWorld };
}
