import {
  adminOffReason, exportManualContributions, getAdmins, getAiOverrides, getManualContributions, getSession, pullAndRefresh, removeAiOverride,
  saveAdmins, saveManualContributions, setAiOverride,
} from './api.js';
import type { AdminBackend } from './backend.js';

/** The local server's `/api` (what `leaderboard serve` answers), as the panel's back end. */
export const localBackend: AdminBackend = {
  kind: 'local',
  adminOffReason,
  session: getSession,
  async manualContributions(token) {
    const read = await getManualContributions(token);
    return { contributors: read.contributors, version: read.etag };
  },
  async saveManualContributions(token, next, read) {
    const saved = await saveManualContributions(token, next, read.version);
    return { contributors: next, version: saved.etag, message: saved.message };
  },
  exportManualContributions,
  async pullAndRefresh(token) {
    const res = await pullAndRefresh(token);
    return { success: res.success, latestCommit: res.latestCommit, ...(res.error === undefined ? {} : { error: res.error }), ...(res.hint === undefined ? {} : { hint: res.hint }) };
  },
  admins: getAdmins,
  saveAdmins,
  aiOverrides: getAiOverrides,
  setAiOverride,
  removeAiOverride,
};
