export * from './data-file.js';
export * from './manual-contributions.js';
export * from './status-file.js';
export * from './api.js';
export * from './ai-overrides.js';
export * from './ai-part.js';
export * from './history-span.js';
export * from './credit.js';
