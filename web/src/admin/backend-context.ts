import { createContext, useContext } from 'react';
import type { AdminBackend } from './backend.js';
import { localBackend } from './local-backend.js';

/** The back end the admin panel talks to: the local server unless a published site's modal provides GitHub. */
export const BackendContext = createContext<AdminBackend>(localBackend);

/** The panel's back end (see {@link BackendContext}). */
export function useBackend(): AdminBackend {
  return useContext(BackendContext);
}
