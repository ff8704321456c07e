import { compile } from '@inlang/paraglide-js';
import { Generator, getConfig } from '@tanstack/router-generator';
import { paraglideOptions } from './paraglide-options.mjs';
import { routerOptions } from './router-options.mjs';

// The generated sources that typecheck and tests need before any Vite build has run:
// the compiled messages (src/paraglide) and the route tree (src/routeTree.gen.ts).
await compile(paraglideOptions);
const root = process.cwd();
await new Generator({ config: getConfig(routerOptions, root), root }).run();
// Paraglide's first compile leaves timers alive for ~30 s (STACK.md): end the process once it is done.
process.exit(0);
