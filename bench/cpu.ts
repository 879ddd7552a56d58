// Owns measuring CPU for the benchmarks: a process tree's CPU time and the whole machine's, from /proc (Linux).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

let clockTicks: number | undefined;

/**
 * CPU (ms) used so far by a process and all its descendants, from /proc; null where there is no /proc. Descendants
 * that exited count through their parent's children's time (cutime, cstime), so the total never goes down when, say,
 * PostgreSQL ends an idle connection's backend during a run.
 */
export function treeCpuMs(rootPid: number | undefined): number | null {
  if (rootPid === undefined || process.platform !== 'linux') return null;
  try {
    clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    const stats = new Map<number, { ppid: number; ticks: number }>();
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        // Fields after the command name (which may contain spaces) start at state, field 3 of proc(5).
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        // utime, stime, cutime, cstime (fields 14–17).
        const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
        stats.set(Number(entry), { ppid: Number(fields[1]), ticks });
      } catch {
        // The process exited while we were reading.
      }
    }
    const inTree = new Set([rootPid]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const [pid, stat] of stats) {
        if (!inTree.has(pid) && inTree.has(stat.ppid)) {
          inTree.add(pid);
          grew = true;
        }
      }
    }
    let ticks = 0;
    for (const pid of inTree) ticks += stats.get(pid)?.ticks ?? 0;
    return (ticks * 1000) / clockTicks;
  } catch {
    return null;
  }
}

/** CPU (ms) the whole machine spent busy since boot (all cores), from /proc/stat; null where there is none. */
export function machineBusyMs(): number | null {
  if (process.platform !== 'linux') return null;
  try {
    clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    const [user, nice, system, _idle, _iowait, irq, softirq] = fs
      .readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const ticks = [user, nice, system, irq, softirq].reduce<number>((sum, value) => sum + (value ?? 0), 0);
    return (ticks * 1000) / clockTicks;
  } catch {
    return null;
  }
}
