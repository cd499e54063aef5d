// Preloaded into the CLI by bench/optimize-for-size.ts (`NODE_OPTIONS=--import …`): turns on V8's
// --optimize-for-size, which NODE_OPTIONS does not accept, from inside the process, as a user would have to.
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--optimize-for-size');
