/** Whether a process a lock names is still the one that wrote it: shared with the backends, so kept in core. */
export { isLiveProcess, pidNamespace, processStart } from '../core/live-process.js';
