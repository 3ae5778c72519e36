// The run engine: request files with chaining and assertions, for the CLI and the extension.
export * from './types';
export { failedSend, runAll, runRequest, sendOutcomeOf, streamAll, streamRequests, type RunOptions, type StreamedFile } from './run';
export { namesASecret, secretValues, SHORTEST_HIDDEN_VALUE, type PromptQuestion } from './prompts';
export { OutlineBuilder } from './outline';
export { outcomeNotes } from './notes';
export { prepareRequest, catalogPath } from './prepare';
export { requestLabel } from './requestLabel';
export { dependencyOrder, directDependencies, fileReferences } from './dependencies';
export { createVariableResolver, type VariableSources } from './variableResolver';
export { OutsideValues, type OutsideSources } from './outsideValues';
export type { DotenvFile } from './dotenvFile';
export type { NamedExchange } from './namedExchange';
export { isAuthHeader } from '../protection/authHeaders';
