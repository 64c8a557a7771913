import { startAiStub } from '../support/ai-stub.js';
let n = 0;
const stub = await startAiStub({ latencyMs: 30, reply: (r) => ({ kind: 'answer', score: (n++ * 7) % 26, reason: `Looked at ${/Subject: (.*)/.exec(r.promptText)?.[1]?.slice(0, 40)}.` }) });
console.log(stub.url);
process.on('SIGTERM', () => { console.error('requests', stub.requests.length); void stub.close().then(() => process.exit(0)); });
