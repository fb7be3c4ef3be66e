/** Starts each stand-in whose URL is not set in `env`; answers the env to give the app and a stop. */
export function startStandIns(env?: NodeJS.ProcessEnv): Promise<{ env: Record<string, string>; stop: () => void }>;
/** Waits (up to 10 s) until every stand-in URL of `env` answers. */
export function standInsReady(env: Record<string, string | undefined>): Promise<void>;
