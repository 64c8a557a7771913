/** A failed file-system call, as Node reports it (EACCES, ENOSPC, EISDIR, ...). */
interface SystemError extends Error {
  code: string;
  syscall: string;
  path?: string;
  dest?: string;
}

export const isSystemError = (err: unknown): err is SystemError =>
  err instanceof Error && typeof (err as Partial<SystemError>).code === 'string' && typeof (err as Partial<SystemError>).syscall === 'string';

const WHY: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EISDIR: 'it is a folder, not a file',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EEXIST: 'something is already there',
  ENOENT: 'it does not exist',
  ENOTEMPTY: 'the folder is not empty',
  EMFILE: 'too many files are open',
  EBUSY: 'it is in use',
};

const DOING: Record<string, string> = { mkdir: 'create', open: 'open', rename: 'replace', unlink: 'remove', rmdir: 'remove', rm: 'remove', write: 'write', read: 'read', scandir: 'list', copyfile: 'copy', fsync: 'save', stat: 'read', lstat: 'read', utime: 'touch', chmod: 'change', symlink: 'link' };

/**
 * A failed file-system call as one line and a hint, in place of a stack trace: what could not be
 * done to which path, why, and what to do.
 */
export function describeSystemError(err: SystemError): { message: string; hint: string } {
  const what = err.dest ?? err.path;
  const doing = DOING[err.syscall] ?? err.syscall;
  const why = WHY[err.code] ?? err.code;
  const message = what ? `Cannot ${doing} ${what}: ${why} (${err.code}).` : `A file operation (${err.syscall}) failed: ${why} (${err.code}).`;
  const hint = err.code === 'ENOSPC' || err.code === 'EDQUOT'
    ? 'Free some space and run the command again; what was saved before is unchanged.'
    : err.code === 'EACCES' || err.code === 'EPERM' || err.code === 'EROFS'
      ? 'Run it as a user who can write there, or pass --data-dir (or --out) with a folder you can write to.'
      : err.code === 'EISDIR' || err.code === 'ENOTDIR' || err.code === 'EEXIST'
        ? `Move away what is at ${what ?? 'that path'} (a file where a folder belongs, or the other way round), or pass --data-dir (or --out) with another folder.`
        : 'Check the path and run the command again; set LEADERBOARD_DEBUG=1 to see where it failed.';
  return { message, hint };
}
