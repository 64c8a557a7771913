import { useEffect, useState } from 'react';
import { useBackend } from './backend-context.js';

/**
 * Whether admin is set up where the back end talks to: undefined while asking, null when it is,
 * else why not (for whoever runs the server). Asked at each opening of the modal, like the token.
 */
export function useAdminOff(): string | null | undefined {
  const backend = useBackend();
  const [off, setOff] = useState<string | null | undefined>(backend.adminOffReason ? undefined : null);
  useEffect(() => {
    if (!backend.adminOffReason) return undefined;
    let alive = true;
    void backend.adminOffReason().then((reason) => { if (alive) setOff(reason); });
    return () => { alive = false; };
  }, [backend]);
  return off;
}
