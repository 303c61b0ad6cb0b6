// zser — SPDX-License-Identifier: MIT
//
// decode() against JSON.parse() on the same data: each JSON file of a folder (default: the
// bench corpora, ../../shared/bench-data/json beside the repository, or the first argument) is
// parsed, encoded as zser, and both are decoded repeatedly, in turns; prints the median times
// per file.
//   node js/bench.mjs [DIR]
import {readFileSync, readdirSync} from 'node:fs';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {decode, encode} from './zser.mjs';

const dir = process.argv[2] || fileURLToPath(new URL('../../shared/bench-data/json', import.meta.url));

// JSON.parse and decode() timed in turns, so that a change of the machine's load reaches both
function medians(f, g, reps) {
	const tf = [], tg = [];
	for (let r = 0; r < reps; r++) {
		let a = process.hrtime.bigint();
		f();
		tf.push(Number(process.hrtime.bigint() - a) / 1e6);
		a = process.hrtime.bigint();
		g();
		tg.push(Number(process.hrtime.bigint() - a) / 1e6);
	}
	tf.sort((x, y) => x - y);
	tg.sort((x, y) => x - y);
	return [tf[tf.length >> 1], tg[tg.length >> 1]];
}

console.log('file                         json KB  zser KB  JSON.parse ms  decode ms  ratio');
for (const f of readdirSync(dir).filter(n => n.endsWith('.json')).sort()) {
	const text = readFileSync(join(dir, f), 'utf8');
	const blob = encode(JSON.parse(text));
	const reps = Math.max(15, Math.min(200, Math.floor(2e7 / text.length)));
	// JSON.parse is native code; decode() runs at full speed only once the JIT has compiled
	// it, which a few calls do not reach on a small file: both warm up for the same time
	for (const t0 = Date.now(); Date.now() - t0 < 250;) {
		JSON.parse(text);
		decode(blob);
	}
	const [tj, tz] = medians(() => JSON.parse(text), () => decode(blob), reps);
	console.log(`${f.padEnd(28)} ${(text.length / 1024).toFixed(0).padStart(7)} ${(blob.length / 1024).toFixed(0).padStart(8)} ${tj.toFixed(3).padStart(14)} ${tz.toFixed(3).padStart(10)} ${(tj / tz).toFixed(2).padStart(6)}`);
}
