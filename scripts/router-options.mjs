// One set of route-tree options, for the Vite plugin and for scripts/generate.mjs.
/** @type {{ target: 'react'; autoCodeSplitting: boolean; routesDirectory: string; generatedRouteTree: string }} */
export const routerOptions = {
  target: 'react',
  autoCodeSplitting: true,
  routesDirectory: 'src/routes',
  generatedRouteTree: 'src/routeTree.gen.ts',
};
