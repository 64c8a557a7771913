import { LARGE_SHAPES } from './shapes.js';
import { repoParams, syntheticRepo } from './synthetic-repo.js';
for (const shape of LARGE_SHAPES) { const r = await syntheticRepo(repoParams(Date.now(), shape), (s) => process.stderr.write(s + '\n')); console.log(r.path, r.built); }
