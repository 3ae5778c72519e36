// The run engine: request files with chaining and assertions, for the CLI and the extension.
export * from './types';
export { runAll, runRequest, streamAll, type RunOptions } from './run';
export { outcomeNotes } from './notes';
export { prepareRequest, catalogPath } from './prepare';
export { requestLabel } from './requestLabel';
export { dependencyOrder, directDependencies, fileReferences } from './dependencies';
export { createVariableResolver, type VariableSources } from './variableResolver';
export { isAuthHeader } from '../authHeaders';
