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
