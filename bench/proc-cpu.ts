import { readFileSync, readdirSync } from 'node:fs';

/** CPU milliseconds (user + system) a process has used, read from /proc (0 when it is gone). */
export function cpuMs(pid: number): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return 0;
  }
}

/** CPU milliseconds used by every PostgreSQL process of this machine. */
export function postgresCpuMs(): number {
  return readdirSync('/proc').filter((d) => /^\d+$/.test(d)).reduce((s, d) => {
    try {
      return readFileSync(`/proc/${d}/comm`, 'utf8').startsWith('postgres') ? s + cpuMs(Number(d)) : s;
    } catch {
      return s;
    }
  }, 0);
}
