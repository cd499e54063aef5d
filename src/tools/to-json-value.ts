/** Tool results as JSON (shared with the worker threads function tools run in). */
export { toJsonValue } from '../workers/json-safe.js';
