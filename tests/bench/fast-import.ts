import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import type { CommitSpec, Op } from './gen-history.js';
import { isolatedEnv } from './util.js';

const FLUSH_AT = 4 * 1024 * 1024;

const quote = (p: string): string => `"${p.replace(/["\\]/g, (c) => `\\${c}`)}"`;

/** One `git fast-import` process fed from this process through its stdin, with backpressure. */
export class FastImport {
  private parts: Buffer[] = [];
  private size = 0;
  private stderr = '';
  private readonly closed: Promise<number | null>;
  private readonly child: ChildProcessWithoutNullStreams;

  constructor(repo: string) {
    this.child = spawn('git', ['fast-import', '--quiet', '--done'], { cwd: repo, env: isolatedEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stderr.on('data', (b: Buffer) => { this.stderr += b.toString(); });
    this.child.stdout.resume();
    this.child.stdin.on('error', () => undefined); // an early exit is reported by finish()
    this.closed = new Promise((resolve, reject) => {
      this.child.on('error', reject);
      this.child.on('close', resolve);
    });
  }

  private put(chunk: string | Buffer): void {
    const b = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    this.parts.push(b);
    this.size += b.length;
  }

  private data(body: string | Buffer): void {
    const b = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    this.put(`data ${b.length}\n`);
    this.put(b);
    this.put('\n');
  }

  private op(op: Op): void {
    if (op.t === 'D') return this.put(`D ${op.path}\n`);
    if (op.t === 'R') return this.put(`R ${quote(op.from)} ${quote(op.to)}\n`);
    const f = op.file;
    if ('bytes' in f) {
      this.put(`M 100644 inline ${op.path}\n`);
      return this.data(f.bytes);
    }
    this.put(`M ${f.exec ? '100755' : '100644'} inline ${op.path}\n`);
    this.data(f.lines.length ? `${f.lines.join('\n')}\n` : '');
  }

  /** Queues a commit; `fromRef` names the parent of a first commit onto an existing branch. */
  commit(c: CommitSpec, fromRef?: string): void {
    const who = `${c.author.name} <${c.author.email}> ${c.time} ${c.author.tz}`;
    this.put(`commit ${c.branch}\nmark :${c.mark}\nauthor ${who}\ncommitter ${who}\n`);
    this.data(c.message);
    const from = fromRef ?? (c.from === undefined ? undefined : typeof c.from === 'number' ? `:${c.from}` : c.from);
    if (from !== undefined) this.put(`from ${from}\n`);
    if (c.merge !== undefined) this.put(`merge :${c.merge}\n`);
    for (const op of c.ops) this.op(op);
    this.put('\n');
  }

  /** Hands what is queued to git once there is enough of it, waiting while the pipe is full. */
  async flush(force = false): Promise<void> {
    if (this.size === 0 || (!force && this.size < FLUSH_AT)) return;
    const buf = Buffer.concat(this.parts, this.size);
    this.parts = [];
    this.size = 0;
    if (!this.child.stdin.write(buf)) {
      await Promise.race([once(this.child.stdin, 'drain'), this.closed]);
    }
  }

  /** Ends the stream and waits for git to write the pack and refs. */
  async finish(): Promise<void> {
    this.put('done\n');
    await this.flush(true);
    this.child.stdin.end();
    const code = await this.closed;
    if (code !== 0) throw new Error(`git fast-import exited with ${code}: ${this.stderr.trim().slice(0, 2000)}`);
  }
}
