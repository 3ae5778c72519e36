// The modules the activation bundle shares with the runtime and the command bodies, by key (of
// each, the names those bundles take from it): filled in when the activation bundle is built
// (scripts/bundlePlugins/sharedModules.mjs); empty to TypeScript and to tests that run the sources. Only ./bundleLoader.ts reads it, to hand it to a bundle that asks.
export {};
