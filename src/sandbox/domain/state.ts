// The whole sandbox state as one JSON-serialisable document: a snapshot is a single write, and
// the journal saves the records a change touched (changeTracking.ts). It never holds a full
// card number, CSC or full bank account number: modules keep brand, last four and expiry only.

import { randomBytes, randomInt } from 'node:crypto';
import type { DomainModule, IdSource } from './domain';
import { generateHppKeyPair, usableHppKeyPair, type HppKeyPair } from './answerSignature';

export const STATE_VERSION = 1;

/** `read` keys may only GET; `full` keys may do anything the sandbox key can. */
export type KeyScope = 'read' | 'full';

export interface SandboxKeys {
  apiKey: string;
  accessKey: string;
  merchantId: string;
  /** Extra `api-key` values minted through the control surface, with their scope. */
  minted: Record<string, KeyScope>;
  /** The terminal's HPP key pair: its public half is `hpp-public-key`; its private half signs answers. */
  hpp: HppKeyPair;
}

export interface SandboxState {
  version: number;
  keys: SandboxKeys;
  clockOffsetMs: number;
  counters: Record<string, number>;
  slices: Record<string, unknown>;
}

// Modules differ in slice type; the framework treats them alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a module's slice type is its own business
export type AnyModule = DomainModule<any>;

/**
 * A table keyed by ids that arrive in requests: no prototype, so `__proto__`, `constructor` or
 * `toString` are keys like any other (absent until stored) and a write never reaches
 * Object.prototype. JSON reads and writes it as a plain object.
 */
export function emptyTable<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

export function generateKeys(given?: Partial<Pick<SandboxKeys, 'apiKey' | 'accessKey' | 'merchantId'>>): SandboxKeys {
  return {
    apiKey: given?.apiKey ?? randomBytes(16).toString('hex'),
    accessKey: given?.accessKey ?? randomBytes(16).toString('hex'),
    // Boarding merchant numbers are 16 digits (docs/gateway-facts.md §9); a leading 8 like the samples.
    merchantId: given?.merchantId ?? `8${Array.from({ length: 15 }, () => randomInt(10)).join('')}`,
    minted: emptyTable(),
    hpp: generateHppKeyPair(),
  };
}

/**
 * Gives a loaded state an HPP key pair when it has none (a data file from before the key was a
 * real one) or one that no longer parses. Returns why it made one, or undefined.
 */
export function completeKeys(keys: SandboxKeys): string | undefined {
  if (usableHppKeyPair(keys.hpp)) return undefined;
  const why = keys.hpp === undefined ? 'the data file had none' : 'the one in the data file is not a brainpoolP384t1 key pair';
  keys.hpp = generateHppKeyPair();
  return why;
}

export function freshSlices(modules: readonly AnyModule[]): Record<string, unknown> {
  return Object.assign(emptyTable(), Object.fromEntries(modules.map(m => [m.name, m.initial()])));
}

export function newState(modules: readonly AnyModule[], keys: SandboxKeys, clockOffsetMs: number): SandboxState {
  return { version: STATE_VERSION, keys, clockOffsetMs, counters: emptyTable(), slices: freshSlices(modules) };
}

/** Fills in slices of modules added since the file was written. */
export function completeSlices(state: SandboxState, modules: readonly AnyModule[]): void {
  for (const m of modules) {
    if (!(m.name in state.slices)) state.slices[m.name] = m.initial();
  }
}

export function idSourceOver(counters: Record<string, number>): IdSource {
  return {
    next(counter: string, start = 1): number {
      const value = Object.prototype.hasOwnProperty.call(counters, counter) ? counters[counter] + 1 : start;
      counters[counter] = value;
      return value;
    },
  };
}
