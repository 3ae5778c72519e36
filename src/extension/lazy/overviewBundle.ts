// The Gateway Overview's data gathering and page, built on their own into dist/overview.js: only
// opening the overview needs them, so neither activation nor the first request loads them.
// Extension code reaches them only through `loadOverview()` (./runtime.ts). No vscode import here.
export { gatherOverview } from '../../core/overview/overviewGather';
export { overviewHtml, readingHtml } from '../../core/overview/overviewHtml';
