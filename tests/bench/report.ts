/** The bench's one table: each number with its target and whether it met it. */

export type Status = 'PASS' | 'MISS' | 'info' | 'ERROR';

export interface Row {
  section: string;
  name: string;
  value: string;
  target: string;
  status: Status;
}

export class Report {
  readonly rows: Row[] = [];

  /** A measured number; `ok` undefined means it has no target. */
  add(section: string, name: string, value: string, target = '-', ok?: boolean): void {
    this.rows.push({ section, name, value, target, status: ok === undefined ? 'info' : ok ? 'PASS' : 'MISS' });
  }

  error(section: string, err: unknown): void {
    const msg = err instanceof Error ? err.message : String(err);
    this.rows.push({ section, name: 'failed', value: msg.split('\n')[0]!.slice(0, 160), target: '-', status: 'ERROR' });
  }

  print(write: (s: string) => void = (s) => process.stdout.write(`${s}\n`)): void {
    const head = { name: 'measurement', value: 'value', target: 'target / notes', status: 'result' };
    const w = {
      name: Math.max(head.name.length, ...this.rows.map((r) => r.name.length)),
      value: Math.max(head.value.length, ...this.rows.map((r) => r.value.length)),
      target: Math.max(head.target.length, ...this.rows.map((r) => r.target.length)),
    };
    const line = (n: string, v: string, t: string, s: string) => `  ${n.padEnd(w.name)}  ${v.padStart(w.value)}  ${t.padEnd(w.target)}  ${s}`;
    const rule = `  ${'-'.repeat(w.name + w.value + w.target + 14)}`;
    write(line(head.name, head.value, head.target, head.status));
    let section = '';
    for (const r of this.rows) {
      if (r.section !== section) {
        section = r.section;
        write(rule);
        write(`  [${section}]`);
      }
      write(line(r.name, r.value, r.target, r.status));
    }
    write(rule);
    const count = (s: Status) => this.rows.filter((r) => r.status === s).length;
    write(`  ${count('PASS')} PASS, ${count('MISS')} MISS, ${count('ERROR')} ERROR`);
  }

  get failed(): boolean {
    return this.rows.some((r) => r.status === 'ERROR');
  }

  get missed(): boolean {
    return this.rows.some((r) => r.status === 'MISS');
  }
}
