import { compile } from '@inlang/paraglide-js';
import { paraglideOptions } from './paraglide-options.mjs';

// Paraglide's first compile leaves timers alive for ~30 s (STACK.md): end the process once it is done.
await compile(paraglideOptions);
process.exit(0);
