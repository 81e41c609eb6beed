import { readFileSync } from 'node:fs';
import { parseInThread } from '../src/convert/pipeline.js';
const bytes = new Uint8Array(readFileSync(process.argv[2]));
const t = process.cpuUsage();
await parseInThread(bytes, { langs: ['eng'], pageTimeoutS: 60 });
const u = process.cpuUsage(t);
console.log(((u.user + u.system) / 1e6).toFixed(2));
process.exit(0);
