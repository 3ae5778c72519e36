// `# @prompt name [question]` (REST Client's): a request's variables whose values are asked for
// each time it is sent — the editor's input box answers; a headless run has no one to ask, so the
// value must already be there (the CLI's `--var`).
import type { ParsedRequest } from '../requestFile';

/** What a `# @prompt` asks, for the one who answers. */
export interface PromptQuestion {
  name: string;
  /** The prompt's own words, else a sentence naming the variable and the request. */
  question: string;
  /** A name that says the value is secret or card data (password, token, card, csc…): typed unseen. */
  secret: boolean;
}

/** Asks for one value; undefined when none was given (the request is then not sent). */
export type AskForPrompt = (prompt: PromptQuestion) => Promise<string | undefined>;

/** Names whose values are typed unseen, as REST Client hides "password" prompts; here card data too. */
const SECRET_NAME = /pass|secret|token|key|pin|card|csc|cvv|account/i;

/**
 * The shortest value hidden wherever it appears: a shorter one (a PIN's digits) would hide the
 * same characters in every amount, id and date. Card numbers, CSCs and account numbers are
 * hidden by their own rules whatever their variable is called.
 */
export const SHORTEST_HIDDEN_VALUE = 4;

/** Whether a variable's name says its value is secret or card data: typed unseen, hidden like a key. */
export function namesASecret(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** The values among `variables` to hide like keys: those of secret names, long enough to find. */
export function secretValues(variables: ReadonlyArray<{ name: string; value: string }>): string[] {
  return variables.filter((v) => namesASecret(v.name) && v.value.length >= SHORTEST_HIDDEN_VALUE).map((v) => v.value);
}

/**
 * The answers to `request`'s prompts, asked in order now, or why the request is not sent. Without
 * `ask`, a prompt whose variable already has a value (`hasValue`) needs no answer.
 */
export async function promptAnswers(request: ParsedRequest, label: string, ask: AskForPrompt | undefined, hasValue: (name: string) => boolean): Promise<Array<{ name: string; value: string }> | string> {
  const answers: Array<{ name: string; value: string }> = [];
  for (const prompt of request.prompts ?? []) {
    if (!ask) {
      if (hasValue(prompt.name)) continue;
      return `{{${prompt.name}}} is asked for when the request is sent (# @prompt), and nothing here can ask: give it a value (the CLI's --var ${prompt.name}=VALUE)`;
    }
    const value = await ask({ name: prompt.name, question: prompt.description ?? `A value for {{${prompt.name}}} (${label})`, secret: namesASecret(prompt.name) });
    if (value === undefined) return `no value was given for {{${prompt.name}}}`;
    answers.push({ name: prompt.name, value });
  }
  return answers;
}
