import { readdirSync, readFileSync } from 'node:fs';

/** A process as /proc shows it. */
export interface ProcessInfo {
  pid: number;
  ppid: number;
  /** R, S, D… Z for a zombie (ended, not yet reaped) */
  state: string;
  command: string;
}

function read(pid: number): ProcessInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name is in parentheses and may itself hold spaces or parentheses
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    return { pid, ppid: Number(fields[1]), state: fields[0] ?? '?', command };
  } catch {
    return undefined;
  }
}

/** Every process below `pid` (children, grandchildren…), read from /proc (Linux). */
export function descendants(pid: number): ProcessInfo[] {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => read(Number(name)))
    .filter((p): p is ProcessInfo => p !== undefined);
  const found: ProcessInfo[] = [];
  const parents = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all) {
      if (parents.has(p.ppid) && !parents.has(p.pid)) {
        parents.add(p.pid);
        found.push(p);
        grew = true;
      }
    }
  }
  return found;
}

/** The processes of `pids` still running (a zombie has ended and counts as gone). */
export function stillRunning(pids: number[]): ProcessInfo[] {
  return pids.map(read).filter((p): p is ProcessInfo => p !== undefined && p.state !== 'Z');
}
