/** How React Router's build names the browser's module of a route (`app/root.tsx` + this): an entry of the build, a key of its manifest. */
export const routeModuleSuffix = '?__react-router-build-client-route';
