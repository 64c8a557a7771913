import { spawn } from 'node:child_process';

/**
 * Runs `node args...` until it is SIGKILLed `afterMs` after its first output (10 s at the most),
 * and resolves to the complete lines it printed that start with `ACK ` (what follows it): a line
 * cut by the kill was not acknowledged. Rejects when the child exits by itself.
 */
export function acksUntilKilled(args: readonly string[], afterMs: number, env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let timer: NodeJS.Timeout | undefined;
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      timer ??= setTimeout(() => child.kill('SIGKILL'), afterMs);
    });
    child.stderr.on('data', (d: Buffer) => { err += d.toString(); });
    const guard = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.on('exit', (code, signal) => {
      clearTimeout(guard);
      clearTimeout(timer);
      if (signal !== 'SIGKILL') reject(new Error(`${args[0]} exited with ${code}: ${err}`));
      else resolve(out.split('\n').slice(0, -1).filter((l) => l.startsWith('ACK ')).map((l) => l.slice(4)));
    });
  });
}
