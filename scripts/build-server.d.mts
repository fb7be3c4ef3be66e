/** npm start's builds, each only when its sources changed (build-server.mjs); true when it built. */
export function buildServer(): Promise<boolean>;
export function buildWeb(): Promise<boolean>;
