/**
 * A stand-in started by `npm start` or `npm run dev` (stdin a pipe from that script) ends when the script
 * ends, however it ends; one started by hand in a terminal runs until stopped.
 */
export function exitWithParent(): void {
  if (process.stdin.isTTY) return;
  process.stdin.on('close', () => process.exit(0));
  process.stdin.on('end', () => process.exit(0));
  process.stdin.resume();
}

/**
 * Starts a stand-in when its file is the one node was asked to run (by hand, or by `npm start`/`npm run dev`), not
 * when a test imports it: it ends with its parent and says where it listens.
 */
export async function runWhenMain(moduleUrl: string, name: string, start: () => Promise<{ url: string }>): Promise<void> {
  if (moduleUrl !== `file://${process.argv[1]}`) return;
  exitWithParent();
  const s = await start();
  console.log(`${name} stand-in listening on ${s.url}`);
}
