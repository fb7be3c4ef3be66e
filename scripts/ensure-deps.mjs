// Installs npm dependencies when node_modules is missing or older than package-lock.json.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

export function ensureDeps() {
  const lock = 'package-lock.json';
  const marker = 'node_modules/.package-lock.json';
  const stale = !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000);
  if (!stale) return;
  console.log('Installing dependencies (npm ci)…');
  execSync(existsSync(lock) ? 'npm ci --prefer-offline --no-audit --no-fund' : 'npm install --no-audit --no-fund', { stdio: 'inherit' });
}

if (import.meta.url === `file://${process.argv[1]}`) ensureDeps();
