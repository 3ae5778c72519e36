// Every command the extension contributes, by id: the same declarations package.json is
// generated from (each part's `contributes.commands` and the catalog's operation commands).
// Registration and the tree's clickable items read the title here, so a command is declared
// once. No vscode import.
import type { CommandContribution } from '../contributes';
import { contributes as codegen } from '../codegen/contributions';
import { contributes as environments } from '../environments/contributions';
import { contributes as operationsPart, operationCommands } from '../operations/contributions';
import { contributes as traffic } from '../traffic/contributions';
import { contributes as tree } from '../tree/contributions';

const DECLARED: ReadonlyMap<string, CommandContribution> = new Map(
  [environments, operationsPart, tree, codegen, traffic]
    .flatMap((part) => part.commands ?? [])
    .concat(operationCommands())
    .map((c) => [c.command, c]),
);

/** The declaration of `id`; throws for an id no part declares (it would not be in package.json). */
export function declaredCommand(id: string): CommandContribution {
  const declared = DECLARED.get(id);
  if (!declared) throw new Error(`${id} is not declared in any part's contributes.commands`);
  return declared;
}
