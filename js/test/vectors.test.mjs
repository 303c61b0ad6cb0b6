// zser — SPDX-License-Identifier: MIT
//
// The shared vectors (tests/vectors): each decodes to its description, re-encodes to the same
// bytes, and every cut and every single-byte change of it is accepted or refused by this
// package exactly as the C reader (wire_check, given in ZSER_WIRE_CHECK) does it: same error
// code, same offset.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync, readdirSync} from 'node:fs';
import {spawnSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import {decode, encode, PhpObject, PhpObjectData, PhpRef, ZserError} from '../zser.mjs';
import {describe, hex, undescribe} from './describe.mjs';

const dir = fileURLToPath(new URL('../../tests/vectors/', import.meta.url));
const names = readdirSync(dir).filter(f => f.endsWith('.zser')).sort();

function load(n) {
	return {
		bytes: new Uint8Array(readFileSync(dir + n)),
		meaning: JSON.parse(readFileSync(dir + n.replace(/\.zser$/, '.json'), 'utf8')),
	};
}

test('there are vectors', () => {
	assert.ok(names.length >= 200, `${names.length} vectors`);
});

test('each vector decodes to its description and re-encodes byte for byte', () => {
	for (const n of names) {
		const {bytes, meaning} = load(n);
		const v = decode(bytes);
		assert.deepEqual(describe(v), meaning, n);
		assert.ok(Buffer.from(encode(v)).equals(bytes), n + ': re-encoded bytes differ');
		// and the description, turned into values by hand, encodes to the same bytes; it does
		// not say which arrays are one array (PHP code cannot see it), so for a blob with
		// shared arrays (FORMAT.md §9.1) it encodes them in full, to another blob of the same
		// value
		const plain = encode(undescribe(meaning));
		if (sharesArrays(v)) {
			assert.ok(!Buffer.from(plain).equals(bytes), n + ': the description encodes the sharing');
			assert.deepEqual(describe(decode(plain)), meaning, n + ': the description\'s bytes');
		} else {
			assert.ok(Buffer.from(plain).equals(bytes), n + ': bytes from the description differ');
		}
	}
});

// true when an Array or Map occurs twice in v: the reader shared it
function sharesArrays(v) {
	const seen = new Set();
	const todo = [v];
	while (todo.length) {
		const x = todo.pop();
		const arr = Array.isArray(x) || x instanceof Map;
		if (x === null || typeof x !== 'object' || seen.has(x)) {
			// a PhpRef or an object met again is the same one, not a copy
			if (arr) {
				return true;
			}
			continue;
		}
		seen.add(x);
		if (x instanceof PhpRef) {
			todo.push(x.value);
		} else if (arr) {
			todo.push(...(x instanceof Map ? x.values() : x));
		} else if (x instanceof PhpObject) {
			todo.push(...x.properties.map(p => p.value));
		} else if (x instanceof PhpObjectData) {
			todo.push(x.data);
		}
	}
	return false;
}

function verdict(b) {
	try {
		decode(b);
		return '0 0';
	} catch (e) {
		if (!(e instanceof ZserError)) {
			throw e;
		}
		return `${e.code} ${e.offset}`;
	}
}

const wireCheck = process.env.ZSER_WIRE_CHECK;

// every cut, and every byte changed by its lowest, its highest and all its bits (all 9
// masks of each single bit and 0xff found no more differences: 556,870 cases); in a blob over
// 1 KB (its long strings add nothing) only the first and last 256 bytes and every 97th offset
const MASKS = [0x01, 0x80, 0xff];

function offsets(len) {
	const out = [];
	for (let i = 0; i < len; i++) {
		if (len <= 1024 || i < 256 || i >= len - 256 || i % 97 === 0) {
			out.push(i);
		}
	}
	return out;
}

test('every cut and byte flip: the same verdict as the C reader', {skip: !wireCheck && 'ZSER_WIRE_CHECK not set'}, () => {
	let total = 0, bad = 0, refused = 0;
	for (const n of names) {
		const {bytes} = load(n);
		const cases = [];
		const at = offsets(bytes.length);
		for (const i of at) {
			cases.push(bytes.subarray(0, i));
		}
		for (const i of at) {
			for (const x of MASKS) {
				const c = bytes.slice();
				c[i] ^= x;
				cases.push(c);
			}
		}
		const frames = [];
		for (const b of cases) {
			const h = Buffer.alloc(4);
			h.writeUInt32LE(b.length);
			frames.push(h, b);
		}
		const r = spawnSync(wireCheck, [], {input: Buffer.concat(frames), maxBuffer: 1 << 26});
		assert.equal(r.status, 0, String(r.stderr));
		const want = String(r.stdout).trim().split('\n');
		assert.equal(want.length, cases.length);
		for (let i = 0; i < cases.length; i++) {
			const got = verdict(cases[i]);
			if (got !== '0 0') {
				refused++;
			}
			if (got !== want[i] && bad++ < 20) {
				console.log(`${n}: C ${want[i]}, js ${got} (${hex(cases[i]).slice(0, 160)})`);
			}
		}
		total += cases.length;
	}
	console.log(`# ${total} cut or changed blobs, ${refused} refused, ${bad} verdicts differ`);
	assert.equal(bad, 0);
});

test('without Node\'s Buffer (as in a browser) each vector decodes to its description too', () => {
	// the module reads globalThis.Buffer once, when it loads: here it is gone by then
	const code = `
		const saved = globalThis.Buffer;
		delete globalThis.Buffer;
		const z = await import(${JSON.stringify(new URL('../zser.mjs', import.meta.url).href)});
		globalThis.Buffer = saved;
		const {describe} = await import(${JSON.stringify(new URL('./describe.mjs', import.meta.url).href)});
		const {readFileSync} = await import('node:fs');
		const out = {};
		for (const n of ${JSON.stringify(names)}) {
			out[n] = describe(z.decode(new Uint8Array(readFileSync(${JSON.stringify(dir)} + n))));
		}
		const lengths = [];
		for (let n = 1; n <= 1100; n += n < 40 ? 1 : 97) {
			lengths.push(z.decode(z.encode(['a'.repeat(n), 'é'.repeat(n)])).map(s => s.length));
		}
		console.log(JSON.stringify({out, lengths, buffer: typeof Buffer}));`;
	const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], {maxBuffer: 1 << 26});
	assert.equal(r.status, 0, String(r.stderr));
	const {out, lengths, buffer} = JSON.parse(String(r.stdout));
	assert.equal(buffer, 'function');
	for (const n of names) {
		assert.deepEqual(out[n], load(n).meaning, n);
	}
	let i = 0;
	for (let n = 1; n <= 1100; n += n < 40 ? 1 : 97) {
		assert.deepEqual(lengths[i++], [n, n]);
	}
});
