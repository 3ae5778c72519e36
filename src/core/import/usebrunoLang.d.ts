// The part of @usebruno/lang (Bruno's own .bru parser; it ships no types) that bruno.ts uses.
declare module '@usebruno/lang' {
  export function bruToJsonV2(text: string): unknown;
  export function bruToEnvJsonV2(text: string): unknown;
}
