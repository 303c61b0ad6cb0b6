// zser — SPDX-License-Identifier: MIT
//
// Named cases of the package's API: the value model, the depth limit, errors and their
// offsets (FORMAT.md §13), and what encode() refuses.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
	decode, decodeHeader, encode, ErrorCode, OuterSlot, PhpEnum, PhpFloat, PhpObject, PhpObjectData,
	PhpProperty, PhpRef, ZserError,
} from '../zser.mjs';

const B = (...x) => new Uint8Array(x);

function fails(bytes, code, offset, opts) {
	assert.throws(() => decode(bytes, opts), e => {
		assert.ok(e instanceof ZserError);
		assert.equal(e.code, code);
		assert.equal(e.offset, offset);
		return true;
	});
}

test('ints: numbers within 2^53, BigInt beyond', () => {
	assert.equal(decode(B(0x5a, 1, 0xc5, 0, 0, 1, 0)), 65536);
	assert.equal(decode(B(0x5a, 1, 0xc6, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f)), 9223372036854775807n);
	assert.deepEqual(encode(-17), B(0x5a, 1, 0xc7, 16));
	assert.deepEqual(encode(2n ** 53n), B(0x5a, 1, 0xc6, 0, 0, 0, 0, 0, 0, 0x20, 0));
	assert.throws(() => encode(2n ** 63n), RangeError);
});

test('floats: integral values, -0 and NaN come as PhpFloat and re-encode as floats', () => {
	const one = decode(B(0x5a, 1, 0xcb, 0, 0, 0x80, 0x3f));
	assert.ok(one instanceof PhpFloat);
	assert.equal(+one, 1);
	assert.deepEqual(encode(one), B(0x5a, 1, 0xcb, 0, 0, 0x80, 0x3f));
	assert.deepEqual(encode(1), B(0x5a, 1, 1));
	assert.ok(Object.is(decode(encode(new PhpFloat(-0))).value, -0));
	assert.equal(decode(B(0x5a, 1, 0xcb, 0, 0, 0x20, 0x40)), 2.5);
	// an F32 signalling NaN widens quiet, its payload shifted up 29 bits (§4.2)
	const snan = decode(B(0x5a, 1, 0xcb, 1, 0, 0x80, 0x7f));
	assert.equal(snan.bits, 0x7ff8000020000000n);
	// an F64 NaN that is not a binary32 keeps its bits both ways
	const nan64 = B(0x5a, 1, 0xcc, 1, 0, 0, 0, 0, 0, 0xf8, 0x7f);
	assert.equal(decode(nan64).bits, 0x7ff8000000000001n);
	assert.deepEqual(encode(decode(nan64)), nan64);
	// the quiet NaN with a zero low payload is a binary32: F64 is non-canonical
	fails(B(0x5a, 1, 0xcc, 0, 0, 0, 0, 0, 0, 0xf8, 0x7f), ErrorCode.NON_CANONICAL_FLOAT, 2);
	// a signalling F64 NaN is no binary32 (narrowing would quiet it)
	assert.equal(decode(B(0x5a, 1, 0xcc, 1, 0, 0, 0, 0, 0, 0xf0, 0x7f)).bits, 0x7ff0000000000001n);
});

test('strings: valid UTF-8 as string, other bytes as Uint8Array', () => {
	assert.equal(decode(B(0x5a, 1, 0x42, 0xc3, 0xa9)), 'é');
	const b = decode(B(0x5a, 1, 0x41, 0xff));
	assert.ok(b instanceof Uint8Array && b[0] === 0xff);
	assert.deepEqual(encode(b), B(0x5a, 1, 0x41, 0xff));
	assert.deepEqual(encode(['ab', 'ab']), B(0x5a, 1, 0x92, 0x42, 0x61, 0x62, 0x60));
	assert.throws(() => encode('\ud800'), TypeError);
});

test('maps keep key order and key kinds; PHP integer strings become ints', () => {
	const m = decode(encode(new Map([['b', 1], [5, 2], ['5x', 3]])));
	assert.deepEqual([...m.keys()], ['b', 5, '5x']);
	assert.deepEqual(encode(new Map([['1', 'x'], [0, 'y']])), encode(new Map([[1, 'x'], [0, 'y']])));
	assert.deepEqual(encode(new Map([[0, 'a'], [1, 'b']])), encode(['a', 'b']));
	assert.deepEqual(encode({a: 1}), encode(new Map([['a', 1]])));
	assert.throws(() => encode(new Map([['1', 'x'], [1, 'y']])), TypeError);
});

test('objects, visibility, shared objects and references', () => {
	const o = new PhpObject('P', [PhpProperty.of('a', 1), PhpProperty.of('b', 2, 'protected'),
		PhpProperty.of('c', 3, 'private', 'P')]);
	const r = new PhpRef('x');
	const v = decode(encode([o, o, r, r]));
	assert.equal(v[0], v[1]);
	assert.equal(v[2], v[3]);
	assert.ok(v[2] instanceof PhpRef);
	assert.deepEqual(v[0].properties.map(p => [p.name, p.visibility, p.declaringClass]),
		[['a', 'public', null], ['b', 'protected', null], ['c', 'private', 'P']]);
	assert.equal(v[0].get('c'), 3);
	// objects of one shape: each its own properties, their keys taken apart alike
	const w2 = decode(encode([o, new PhpObject('P', [PhpProperty.of('a', 4), PhpProperty.of('b', 5, 'protected'),
		PhpProperty.of('c', 6, 'private', 'P')])]));
	assert.notEqual(w2[0].properties[2], w2[1].properties[2]);
	assert.deepEqual(w2[1].properties.map(p => [p.key, p.name, p.visibility, p.declaringClass, p.value]),
		[['a', 'a', 'public', null, 4], ['\0*\0b', 'b', 'protected', null, 5], ['\0P\0c', 'c', 'private', 'P', 6]]);
	assert.deepEqual(w2[0].properties.map(p => p.value), [1, 2, 3]);
	assert.equal(decodeHeader(encode([o, o])).refs, true);
	assert.equal(decodeHeader(encode([o])).refs, false);
	const e = new PhpEnum('Suit', 'Hearts');
	const w = decode(encode([e, e]));
	assert.equal(w[0], w[1]);
});

test('nested blobs: base and back-references to the outer blob', () => {
	const n = encode([new OuterSlot(1, false), 7], {base: 3});
	assert.deepEqual(decodeHeader(n), {version: 1, refs: true, nested: true, base: 3, size: 3});
	const v = decode(n);
	assert.ok(v[0] instanceof OuterSlot && v[0].slot === 1);
	assert.deepEqual(encode(v, {base: 3}), n);
});

test('depth: the caller\'s limit; 0 and Infinity are none', () => {
	let v = [];
	for (let i = 0; i < 10; i++) {
		v = [v, 1];
	}
	const b = encode(v);
	decode(b, {maxDepth: 10});
	fails(b, ErrorCode.DEPTH, 2 + 9, {maxDepth: 9});
	const deep = new Uint8Array(2 + 1001 + 1).fill(0x91);
	deep[0] = 0x5a;
	deep[1] = 1;
	deep[deep.length - 1] = 0xc0;
	fails(deep, ErrorCode.DEPTH, 2 + 1000, {maxDepth: 1000});
	fails(deep, ErrorCode.DEPTH, 2 + 1000, {maxDepth: 1000.0});
	decode(deep, {maxDepth: 1001});
	decode(deep, {maxDepth: 0});
	decode(deep, {maxDepth: Infinity});
	for (const bad of [-1, 1.5, NaN, -Infinity, '10', null]) {
		assert.throws(() => decode(deep, {maxDepth: bad}), RangeError, String(bad));
	}
	// an empty list is no level, an object is one even when empty (FORMAT.md §11)
	decode(B(0x5a, 1, 0x91, 0x90), {maxDepth: 1});
	fails(B(0x5a, 1, 0x91, 0xd1, 0x41, 0x43, 0), ErrorCode.DEPTH, 3, {maxDepth: 1});
	fails(B(0x5a, 1, 0x91, 0xd3, 0x41, 0x43, 0x90), ErrorCode.DEPTH, 3, {maxDepth: 1});
	decode(B(0x5a, 1, 0x91, 0xd3, 0x41, 0x43, 0x91, 0xc0), {maxDepth: 2});
	fails(B(0x5a, 1, 0x91, 0xd3, 0x41, 0x43, 0x91, 0xc0), ErrorCode.DEPTH, 3, {maxDepth: 1});
});

const DEEP = 100000;

// a blob of DEEP nested containers: `open` the bytes of the first, `again` of each other
// (header, reference flag in `flags`), around `inner`
function deepBlob(open, again, inner, flags = 1) {
	const out = [0x5a, flags, ...open];
	for (let i = 1; i < DEEP; i++) {
		out.push(...again);
	}
	out.push(...inner);
	return Uint8Array.from(out);
}

// walks down `step` from v DEEP - 1 times, without recursion; returns the innermost value
function descend(v, step) {
	for (let i = 1; i < DEEP; i++) {
		v = step(v);
	}
	return v;
}

test('100,000 nested lists decode without recursion and re-encode byte for byte', () => {
	const b = deepBlob([0x91], [0x91], [0x07]);
	fails(b, ErrorCode.DEPTH, 2 + 4096);
	fails(b, ErrorCode.DEPTH, 2 + 99999, {maxDepth: 99999});
	for (const maxDepth of [DEEP, 0, Infinity]) {
		const v = decode(b, {maxDepth});
		const inner = descend(v, x => {
			assert.ok(Array.isArray(x) && x.length === 1);
			return x[0];
		});
		assert.deepEqual(inner, [7]);
		assert.deepEqual(encode(v), b);
	}
	// cut inside, the last list's count exceeds the input left
	fails(b.subarray(0, 2 + 50000), ErrorCode.COUNT_EXCEEDS_INPUT, 2 + 49999, {maxDepth: 0});
	// a string at the bottom that the input cuts short; a byte too many after all the levels
	const t = b.slice();
	t[t.length - 1] = 0x41;
	fails(t, ErrorCode.TRUNCATED, 2 + DEEP, {maxDepth: 0});
	fails(Uint8Array.from([...b, 0]), ErrorCode.TRAILING_BYTES, 2 + DEEP + 1, {maxDepth: 0});
});

test('100,000 nested maps and objects by shape reference', () => {
	// ['a' => ['a' => ... 1]]: the first map defines the shape, the others name it
	const m = deepBlob([0xd0, 0, 0x41, 0x61], [0xa0], [1]);
	const mv = decode(m, {maxDepth: 0});
	assert.equal(descend(mv, x => x.get('a')).get('a'), 1);
	assert.deepEqual(encode(mv), m);
	// the map opening level 4097: after the header, the definition (4 bytes) and 4095 references
	fails(m, ErrorCode.DEPTH, 2 + 4 + 4095);
	// C {a: C {a: ... null}}
	const o = deepBlob([0xd1, 0x41, 0x43, 1, 0x41, 0x61], [0xa0], [0xc0]);
	const ov = decode(o, {maxDepth: 0});
	const last = descend(ov, x => {
		assert.ok(x instanceof PhpObject && x.className === 'C' && x.properties.length === 1);
		return x.get('a');
	});
	assert.equal(last.get('a'), null);
	assert.deepEqual(encode(ov), o);
	// D from __serialize(), its data a list holding the next: D(D(... []))
	const d = deepBlob([0xd3, 0x41, 0x44, 0x91], [0xd3, 0x60, 0x91], [0xd3, 0x60, 0x90]);
	const dv = decode(d, {maxDepth: 0});
	const lastData = descend(dv, x => {
		assert.ok(x instanceof PhpObjectData && x.className === 'D');
		return x.data[0];
	});
	assert.deepEqual(lastData.data[0].data, []);
	assert.deepEqual(encode(dv), d);
	fails(d, ErrorCode.DEPTH, 2 + 4 + 3 * 4095, {maxDepth: 4096});
});

test('a reference from 100,000 levels down to the outermost list', () => {
	// $a = [[[... [&$a] ...]]]: slot 1 becomes a reference, held at the top and at the bottom
	const b = deepBlob([0x91], [0x91], [0xd7, 0], 0x81);
	const v = decode(b, {maxDepth: 0});
	assert.ok(v instanceof PhpRef);
	const inner = descend(v.value, x => x[0]);
	assert.equal(inner[0], v);
	assert.deepEqual(encode(v), b);
	// and to an object in the middle, by BACKREF_OBJ
	const o = [0x5a, 0x81, 0x91, 0xd1, 0x41, 0x43, 1, 0x41, 0x61];
	for (let i = 0; i < 1000; i++) {
		o.push(0x91);
	}
	o.push(0xd6, 1);
	const ov = decode(Uint8Array.from(o), {maxDepth: 0});
	let x = ov[0].get('a');
	for (let i = 1; i < 1000; i++) {
		x = x[0];
	}
	assert.equal(x[0], ov[0]);
	assert.deepEqual(encode(ov), Uint8Array.from(o));
});

test('encode writes a value 100,000 levels deep, lists, maps and objects', () => {
	let v = 7;
	for (let i = 0; i < DEEP; i++) {
		v = [v];
	}
	assert.deepEqual(encode(v), deepBlob([0x91], [0x91], [0x07]));
	let m = 1;
	for (let i = 0; i < DEEP; i++) {
		m = new Map([['a', m]]);
	}
	assert.deepEqual(encode(m), deepBlob([0xd0, 0, 0x41, 0x61], [0xa0], [1]));
	let o = null;
	for (let i = 0; i < DEEP; i++) {
		o = new PhpObject('C', [new PhpProperty('a', o)]);
	}
	assert.deepEqual(encode(o), deepBlob([0xd1, 0x41, 0x43, 1, 0x41, 0x61], [0xa0], [0xc0]));
	// a chain of PhpRefs, each holding the next, is no recursion either
	let r = 5;
	for (let i = 0; i < DEEP; i++) {
		r = new PhpRef(r);
	}
	assert.deepEqual(encode(r), B(0x5a, 1, 5));
});

test('short strings: ASCII, other UTF-8 and other bytes, each length up to 40', () => {
	const td = new TextDecoder('utf-8', {fatal: true, ignoreBOM: true});
	for (let n = 1; n <= 40; n++) {
		const kinds = [
			Array.from({length: n}, (_, i) => 0x20 + (i * 7) % 0x5f),
			Array.from({length: n}, (_, i) => (i === n - 1 ? 0x7f : 0x61)),
			// an é (2 bytes) at the end, when it fits
			Array.from({length: n}, (_, i) => (n < 2 ? 0x41 : i === n - 2 ? 0xc3 : i === n - 1 ? 0xa9 : 0x62)),
			// a byte that is no UTF-8 at the start or the end
			Array.from({length: n}, (_, i) => (i === 0 ? 0xff : 0x63)),
			Array.from({length: n}, (_, i) => (i === n - 1 ? 0x80 : 0x64)),
		];
		for (const k of kinds) {
			const bytes = Uint8Array.from(k);
			const blob = Uint8Array.from([0x5a, 1, ...(n < 32 ? [0x40 + n] : [0xcd, n - 32]), ...k]);
			const v = decode(blob);
			let want;
			try {
				want = td.decode(bytes);
			} catch {
				want = bytes;
			}
			assert.deepEqual(v, want, `${n}: ${k}`);
			assert.deepEqual(encode(v), blob);
		}
	}
	// a leading U+FEFF is the string's content, kept both ways
	assert.equal(decode(B(0x5a, 1, 0x44, 0xef, 0xbb, 0xbf, 0x61)), '\ufeffa');
	assert.deepEqual(encode('\ufeffa'), B(0x5a, 1, 0x44, 0xef, 0xbb, 0xbf, 0x61));
	assert.deepEqual(encode(B(0xef, 0xbb, 0xbf)), B(0x5a, 1, 0x43, 0xef, 0xbb, 0xbf));
	// a table string is decoded once: a reference gives the same string
	assert.deepEqual(decode(B(0x5a, 1, 0x92, 0x41, 0x61, 0x60)), ['a', 'a']);
});

test('a byte past ASCII anywhere in a longer string, at any alignment', () => {
	const td = new TextDecoder('utf-8', {fatal: true, ignoreBOM: true});
	for (const n of [13, 14, 15, 16, 17, 31, 32, 33, 100, 1023, 1024, 1025, 5000]) {
		for (const k of [0, 1, 2, 3, 4, 5, 6, 7, n >> 1, n - 5, n - 4, n - 3, n - 2, n - 1]) {
			for (const [x, y] of [[0xff, 0x61], [0xc3, 0xa9], [0x80, 0x62], [0x7f, 0x00]]) {
				const str = new Uint8Array(n).fill(0x61);
				str[k] = x;
				if (k + 1 < n) {
					str[k + 1] = y;
				}
				let want;
				try {
					want = td.decode(str);
				} catch {
					want = str;
				}
				// after `pad` one-byte values, in a view `shift` bytes into its buffer
				for (const [pad, shift] of [[0, 0], [1, 1], [2, 2], [3, 3]]) {
					const head = n < 32 ? [0x40 + n] : [0xcd, ...varint(n - 32)];
					const blob = Uint8Array.from([0x5a, 1, 0x90 + 1 + pad, ...Array(pad).fill(0), ...head, ...str]);
					const buf = new Uint8Array(blob.length + shift);
					buf.set(blob, shift);
					const v = decode(buf.subarray(shift));
					assert.deepEqual(v[pad], want, `${n} ${k} ${x} ${pad}`);
					assert.deepEqual(encode(v), blob);
				}
			}
		}
	}
});

test('strings across the blob\'s 64 KB chunks, each at its own place', () => {
	// 3,000 strings of 13 to 612 bytes, some not ASCII, in about 900 KB: many straddle a chunk edge
	const v = Array.from({length: 3000}, (_, i) => {
		const n = 13 + (i * 37) % 600;
		const s = String(i).padStart(6, '.') + 'abcdefghijklmnopqrstuvwxyz'.repeat(24).slice(0, n - 6);
		return i % 7 ? s : s.slice(0, -1) + 'é';
	});
	const b = encode(v);
	assert.ok(b.length > 14 * 65536);
	assert.deepEqual(decode(b), v);
});

function varint(v) {
	const out = [];
	while (v >= 0x80) {
		out.push((v & 0x7f) | 0x80);
		v >>>= 7;
	}
	out.push(v);
	return out;
}

test('duplicate keys among few keys (compared pairwise) and many (a Set)', () => {
	const str = k => [0x40 + k.length, ...Buffer.from(k, 'latin1')];
	const map = keys => Uint8Array.from([0x5a, 1, 0xd0, keys.length - 1, ...keys.flat(), ...keys.map(() => 0xc0)]);
	const obj = keys => Uint8Array.from([0x5a, 1, 0xd1, 0x41, 0x43, keys.length, ...keys.flat(), ...keys.map(() => 0xc0)]);
	for (const n of [2, 8, 9, 40]) {
		const keys = Array.from({length: n}, (_, i) => str('k' + i));
		assert.equal(decode(map(keys)).size, n);
		// the last key again, as a literal: a new table entry, the same key
		fails(map([...keys.slice(0, -1), keys[0]]), ErrorCode.DUPLICATE_KEY, 2);
		// ints: 1 and 1 are one key, 1 and "k1" are not
		const ints = Array.from({length: n}, (_, i) => [i + 1]);
		assert.equal(decode(map(ints)).size, n);
		fails(map([...ints.slice(0, -1), [1]]), ErrorCode.DUPLICATE_KEY, 2);
		// byte strings that are no UTF-8: equal by their bytes
		const bins = Array.from({length: n}, (_, i) => [0x42, 0xff, i]);
		assert.equal(decode(map(bins)).size, n);
		fails(map([...bins.slice(0, -1), [0x42, 0xff, 0]]), ErrorCode.DUPLICATE_KEY, 2);
		// the string "\xff\x00" is no byte string [0xff, 0] (nor a string key "b" + its bytes)
		assert.equal(decode(map([...bins.slice(0, -1), str('b\u00ff\u0000')])).size, n);
		// an object's property 5 and property "5" are one (§8.1), a map refuses "5" at once
		const props = Array.from({length: n}, (_, i) => str('p' + i));
		assert.equal(decode(obj([...props.slice(0, -1), [5]])).properties.length, n);
		fails(obj([...props.slice(0, -2), [5], str('5')]), ErrorCode.DUPLICATE_KEY, 2);
		fails(obj([...props.slice(0, -2), str('5'), [5]]), ErrorCode.DUPLICATE_KEY, 2);
		fails(map([...props.slice(0, -2), [5], str('5')]), ErrorCode.NUMERIC_KEY, 4 + [...props.slice(0, -2), [5]].flat().length);
	}
	// 2^53 as a key is a BigInt, the same BigInt twice is one key
	const big = [0xc6, 0, 0, 0, 0, 0, 0, 0x20, 0];
	fails(map([big, [1], big]), ErrorCode.DUPLICATE_KEY, 2);
	fails(map([big, ...Array.from({length: 9}, (_, i) => [i + 1]), big]), ErrorCode.DUPLICATE_KEY, 2);
	assert.deepEqual([...decode(map([big, [1]])).keys()], [2n ** 53n, 1]);
});

test('a duplicate key is the first error, before any later one in its map or after it', () => {
	// {"a": ..., "a": ...}: MAP of 2 at offset 2
	const dup = [0xd0, 1, 0x41, 0x61, 0x41, 0x61];
	fails(B(0x5a, 1, ...dup, 0xc0, 0xc0), ErrorCode.DUPLICATE_KEY, 2);
	// a value of the map truncated, or of an unknown tag, or too deep
	fails(B(0x5a, 1, ...dup, 0xc0, 0x45, 0x61), ErrorCode.DUPLICATE_KEY, 2);
	fails(B(0x5a, 1, ...dup, 0xc0), ErrorCode.DUPLICATE_KEY, 2);
	fails(B(0x5a, 1, ...dup, 0xd3), ErrorCode.DUPLICATE_KEY, 2);
	fails(B(0x5a, 1, ...dup, 0x91, 0x91, 0xc0, 0xc0), ErrorCode.DUPLICATE_KEY, 2, {maxDepth: 2});
	// the map deep inside lists, an error after it, a map nested in it (a reference to its own
	// shape, and a definition of its own) failing first
	fails(B(0x5a, 1, 0x92, 0x91, ...dup, 0xc0, 0xc0, 0xc9), ErrorCode.DUPLICATE_KEY, 4);
	fails(B(0x5a, 1, ...dup, 0xa0, 0xc0, 0xc0, 0xc0), ErrorCode.DUPLICATE_KEY, 2);
	fails(B(0x5a, 1, ...dup, 0xd0, 1, 0x41, 0x62, 0x41, 0x62, 0xc0), ErrorCode.DUPLICATE_KEY, 2);
	// an outer map's duplicate before an inner one's
	fails(B(0x5a, 1, 0xd0, 1, 0x41, 0x78, 0x41, 0x78, ...dup, 0xc0, 0xc0, 0xc0), ErrorCode.DUPLICATE_KEY, 2);
	// distinct keys with the same error after them: that error
	fails(B(0x5a, 1, 0xd0, 1, 0x41, 0x61, 0x41, 0x62, 0xc0), ErrorCode.TRUNCATED, 9);
	// the object form of a map (OBJECT_DATA): the map's header is the place
	fails(B(0x5a, 1, 0xd3, 0x41, 0x43, ...dup, 0xc0, 0xc0), ErrorCode.DUPLICATE_KEY, 5);
});

test('shared arrays: a copy decodes to the same Array or Map and encodes as BACKREF_ARR', () => {
	const row = new Map([['host', 'db'], ['port', 5432]]);
	const list = [1, 2];
	const v = [row, row, [row, list], list];
	const b = encode(v);
	// MAP, its copy as BACKREF_ARR 2, a list holding another copy, then the first write of [1, 2]
	// (slot 8), named again at the end
	assert.deepEqual([...b.subarray(0, 3)], [0x5a, 0x81, 0x94]);
	assert.deepEqual([...b.subarray(b.length - 2)], [0xd9, 7]);
	const d = decode(b);
	assert.equal(d[0], d[1]);
	assert.equal(d[2][0], d[0]);
	assert.equal(d[3], d[2][1]);
	assert.deepEqual(encode(d), b);
	// equal but distinct arrays, empty arrays, and arrays holding an object or a PhpRef are
	// written in full each time
	assert.deepEqual(encode([[1, 2], [1, 2]]), B(0x5a, 1, 0x92, 0x92, 1, 2, 0x92, 1, 2));
	const empty = [];
	assert.deepEqual(encode([empty, empty]), B(0x5a, 1, 0x92, 0x90, 0x90));
	const withObj = [new PhpEnum('E', 'A')];
	assert.equal(encode([withObj, withObj]).includes(0xd9), false);
	const withRef = [new PhpRef(1)];
	assert.equal(encode([withRef, withRef]).includes(0xd9), false);
});

test('errors and their offsets (FORMAT.md §13)', () => {
	fails(B(), ErrorCode.TRUNCATED, 0);
	fails(B(0x41), ErrorCode.NOT_ZSER, 0);
	fails(B(0x5a), ErrorCode.TRUNCATED, 1);
	fails(B(0x5a, 2), ErrorCode.UNSUPPORTED_VERSION, 1);
	fails(B(0x5a, 1), ErrorCode.TRUNCATED, 2);
	fails(B(0x5a, 1, 0xda), ErrorCode.UNKNOWN_TAG, 2);
	fails(B(0x5a, 1, 0x91, 0xd9, 0), ErrorCode.REF_FLAG_MISMATCH, 3);
	// BACKREF_ARR (§9.1): to a slot not taken yet, to an outer slot, to an int, to the open list
	// around it, to a list holding an object or named by a BACKREF_REF; then a BACKREF_REF into
	// a list shared before; and a copy past the depth limit
	fails(B(0x5a, 0x81, 0x92, 0x91, 1, 0xd9, 3), ErrorCode.BACKREF_RANGE, 5);
	fails(B(0x5a, 0xc1, 0, 0x92, 0x91, 1, 0xd9, 0), ErrorCode.BACKREF_RANGE, 6);
	fails(B(0x5a, 0x81, 0x92, 1, 0xd9, 1), ErrorCode.BACKREF_NON_ARRAY, 4);
	fails(B(0x5a, 0x81, 0x91, 0xd9, 0), ErrorCode.BACKREF_INCOMPLETE_ARRAY, 3);
	fails(B(0x5a, 0x81, 0x92, 0x91, 0xd5, 0x41, 0x45, 0x41, 0x41, 0xd9, 1), ErrorCode.SHARED_NOT_PLAIN, 9);
	fails(B(0x5a, 0x81, 0x93, 0x91, 1, 0xd7, 2, 0xd9, 1), ErrorCode.SHARED_NOT_PLAIN, 7);
	fails(B(0x5a, 0x81, 0x93, 0x91, 1, 0xd9, 1, 0xd7, 2), ErrorCode.REF_INTO_SHARED, 7);
	fails(B(0x5a, 0x81, 0x92, 0x91, 0x91, 1, 0x91, 0xd9, 1), ErrorCode.DEPTH, 7, {maxDepth: 3});
	fails(B(0x5a, 1, 0x43, 0x61), ErrorCode.TRUNCATED, 2);
	fails(B(0x5a, 1, 0xc4, 1), ErrorCode.TRUNCATED, 3);
	fails(B(0x5a, 1, 0xc3, 5), ErrorCode.NON_CANONICAL_INT, 2);
	fails(B(0x5a, 1, 0xcf, 0x80), ErrorCode.TRUNCATED, 4);
	fails(B(0x5a, 1, 0xcf, 0x80, 0), ErrorCode.OVERLONG_VARINT, 3);
	fails(B(0x5a, 1, 0x92, 1), ErrorCode.COUNT_EXCEEDS_INPUT, 2);
	fails(B(0x5a, 1, 0x60), ErrorCode.STRING_INDEX, 2);
	fails(B(0x5a, 1, 0xa0), ErrorCode.SHAPE_INDEX, 2);
	fails(B(0x5a, 1, 0xd0, 0, 0x41, 0x30, 1), ErrorCode.NUMERIC_KEY, 4);
	fails(B(0x5a, 1, 0xd0, 1, 1, 1, 1, 1), ErrorCode.DUPLICATE_KEY, 2);
	fails(B(0x5a, 1, 0xd0, 0, 0, 1), ErrorCode.NON_CANONICAL_MAP, 2);
	fails(B(0x5a, 1, 0xd0, 0, 0xc0, 1), ErrorCode.INVALID_KEY, 4);
	fails(B(0x5a, 1, 0xd5, 0x40, 0x40), ErrorCode.INVALID_CLASS_NAME, 3);
	fails(B(0x5a, 1, 0xd3, 0x41, 0x43, 0xc0), ErrorCode.INVALID_OBJECT_DATA, 5);
	fails(B(0x5a, 1, 0xc0, 0xc0), ErrorCode.TRAILING_BYTES, 3);
	fails(B(0x5a, 1, 0xd6, 0), ErrorCode.REF_FLAG_MISMATCH, 2);
	fails(B(0x5a, 0x81, 0xc0), ErrorCode.REF_FLAG_MISMATCH, 1);
	fails(B(0x5a, 0x81, 0x92, 0xc0, 0xd6, 2), ErrorCode.BACKREF_RANGE, 4);
	fails(B(0x5a, 0x81, 0x92, 0xc0, 0xd6, 0), ErrorCode.BACKREF_TYPE, 4);
	fails(B(0x5a, 1, 0xd8, 0x41, 0x43, 1, 1, 0), ErrorCode.COUNT_EXCEEDS_INPUT, 2);
	const e = (() => {
		try {
			decode(B(0x5a, 1, 0xc4, 1));
		} catch (x) {
			return x;
		}
	})();
	assert.equal(e.name, 'TRUNCATED');
	assert.equal(e.message, 'truncated input at offset 3 of 4 bytes');
});
