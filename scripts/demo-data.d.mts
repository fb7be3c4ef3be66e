/** npm start's demo data on a new embedded database (demo-data.mjs). */
export function askForDemoData(env: Record<string, string | undefined>, cwd: string): Record<string, string>;
