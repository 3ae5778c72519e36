// What Restricted Mode (an untrusted workspace) says when it does not do something: one sentence
// per refusal, all of the same shape — what was not done, the rule, how to trust the folder. Plain
// functions without vscode (test/extension-rules/guardRules.test.ts pins them); restrictedMode.ts
// shows them with the Manage Workspace Trust button.

/** What Restricted Mode refused. */
export type TrustRefusal =
  /** A request to an environment other than the Local sandbox. */
  | { kind: 'send'; title: string; environmentName: string }
  /** Compare with Current Settings: reading that environment's settings is a request too. */
  | { kind: 'compare'; environmentName: string }
  /** Generate Code: a program carries the request file's choices out of the editor. */
  | { kind: 'generate-code' }
  /** A body file (`< ./sale.json`) of a request that does not go to the Local sandbox (or of no send). */
  | { kind: 'body-file'; written: string; environmentName?: string };

export function trustRefusalText(refusal: TrustRefusal): string {
  switch (refusal.kind) {
    case 'send':
      return `Restricted Mode: ${refusal.title} was not sent to ${refusal.environmentName}. In an untrusted workspace requests go only to the Local sandbox; trust this folder to use your own environments.`;
    case 'compare':
      return `Restricted Mode: the request was not compared with the current settings of ${refusal.environmentName}. In an untrusted workspace requests go only to the Local sandbox, and reading ${refusal.environmentName}'s settings is one; trust this folder to use your own environments.`;
    case 'generate-code':
      return 'Restricted Mode: code is not generated in an untrusted workspace. A program carries what this folder\'s request files say — where they send your keys, which files they send — out of the editor, where Restricted Mode no longer guards it; trust this folder to generate code.';
    case 'body-file':
      return `Restricted Mode: the body file "${refusal.written}" is not read${refusal.environmentName !== undefined ? ` for ${refusal.environmentName}` : ''}. In an untrusted workspace requests and their body files go only to the Local sandbox; trust this folder (Manage Workspace Trust) to use your own environments`;
  }
}
