// zser — SPDX-License-Identifier: MIT
//
// Differential run against the extension (ZSER_PHP and ZSER_EXT name php and zser.so):
// random values encoded here and read by zser_unserialize(), and random PHP values written by
// zser_serialize() and decoded here, compared through their JSON descriptions (describe.mjs,
// tests/vectors/vectors.inc). ZSER_SEED repeats a run; the seed is printed on failure.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {decode, encode, PhpEnum, PhpFloat, PhpObject, PhpProperty, PhpRef} from '../zser.mjs';
import {describe, hex} from './describe.mjs';

const php = process.env.ZSER_PHP, ext = process.env.ZSER_EXT;
const script = fileURLToPath(new URL('../../tools/js-diff.php', import.meta.url));
const seed = Number(process.env.ZSER_SEED || Math.floor(Math.random() * 2 ** 31));
const COUNT = Number(process.env.ZSER_CASES || 10000);
const skip = !(php && ext) && 'ZSER_PHP and ZSER_EXT not set';

function runPhp(args) {
	const r = spawnSync(php, ['-d', `extension=${ext}`, script, ...args], {maxBuffer: 1 << 30});
	assert.equal(r.status, 0, String(r.stderr));
	return String(r.stdout).split('\n').slice(0, -1);
}

// mulberry32
function rng(s) {
	return () => {
		s = (s + 0x6d2b79f5) | 0;
		let t = Math.imul(s ^ (s >>> 15), 1 | s);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

function generator(rand) {
	const int = (a, b) => a + Math.floor(rand() * (b - a + 1));
	const pick = a => a[int(0, a.length - 1)];
	// PHP's enum cases are singletons: one object per case
	const enums = new Map();
	const enumCase = (c, n) => {
		if (!enums.has(c + n)) {
			enums.set(c + n, new PhpEnum(c, n));
		}
		return enums.get(c + n);
	};
	const str = () => pick([
		() => pick(['', 'a', 'id', 'é', '日本', 'ключ', '0x', '-', 'k' + int(0, 40)]),
		() => 'x'.repeat(int(0, 70)),
		() => Uint8Array.from({length: int(1, 20)}, () => int(0x80, 0xbf)),
		() => String.fromCodePoint(...Array.from({length: int(1, 12)}, () => int(32, 0x2fff))),
	])();
	const num = () => pick([
		() => int(-20, 70),
		() => int(-70000, 70000),
		() => pick([2 ** 53 - 1, -(2 ** 53 - 1), 2 ** 32, -(2 ** 32) - 1]),
		() => pick([9223372036854775807n, -9223372036854775808n, 2n ** 53n + BigInt(int(0, 99))]),
		() => int(-1000, 1000) / 8 + 0.5,
		() => rand() * 10 ** int(-30, 30),
		() => new PhpFloat(pick([0, -0, 1, 2 ** 60, -3, NaN])),
		() => pick([Infinity, -Infinity, 5e-324, 0.1]),
	])();
	const key = () => (rand() < 0.5 ? int(-100, 100) : pick(['a', 'b', 'id', 'k' + int(0, 9), 'é', '-0', '01']));
	const value = d => {
		const k = d > 4 ? int(0, 4) : int(0, 10);
		switch (k) {
		case 0: return pick([null, true, false]);
		case 1: case 2: return num();
		case 3: case 4: return str();
		case 5: return Array.from({length: int(0, 18)}, () => value(d + 1));
		case 6: {
			const m = new Map();
			for (let i = int(1, 5); i > 0; i--) {
				m.set(key(), value(d + 1));
			}
			// a Map of keys 0..n-1 is a list for PHP: not what this case is for
			if ([...m.keys()].every((x, i) => x === i)) {
				m.set('z', 1);
			}
			return m;
		}
		case 7: {
			const props = [];
			const names = new Set();
			for (let i = int(0, 3); i > 0; i--) {
				const n = 'p' + int(0, 9);
				if (!names.has(n)) {
					names.add(n);
					props.push(new PhpProperty(n, value(d + 1)));
				}
			}
			return new PhpObject('stdClass', props);
		}
		case 8:
			return new PhpObject('VecPlain', [
				PhpProperty.of('pub', value(d + 1)),
				PhpProperty.of('prot', value(d + 1), 'protected'),
				PhpProperty.of('priv', value(d + 1), 'private', 'VecPlain'),
			]);
		case 9: return pick([enumCase('VecSuit', 'Hearts'), enumCase('VecUnit', 'Two')]);
		default: {
			// a shared object and a reference (to no object: a reference to an object met
			// elsewhere makes that place a reference too, in PHP as here)
			const o = value(5);
			const shared = new PhpObject('stdClass', [new PhpProperty('v', value(d + 1))]);
			const r = new PhpRef(rand() < 0.5 ? str() : Array.from({length: int(0, 3)}, num));
			return new Map([['x', shared], ['y', r], ['z', shared], ['w', r], ['n', o]]);
		}
		}
	};
	return () => value(0);
}

test(`${COUNT} random values encoded here decode in PHP to the same description`, {skip}, () => {
	const gen = generator(rng(seed));
	const values = Array.from({length: COUNT}, gen);
	const blobs = values.map(v => hex(encode(v)));
	const dir = mkdtempSync(join(tmpdir(), 'zser-js-'));
	try {
		writeFileSync(join(dir, 'in'), blobs.join('\n') + '\n');
		const got = runPhp(['decode', join(dir, 'in')]);
		assert.equal(got.length, COUNT);
		for (let i = 0; i < COUNT; i++) {
			const want = JSON.stringify(describe(values[i]));
			// PHP's JSON keeps "/" and non-ASCII as they are, as JSON.stringify does
			assert.deepEqual(JSON.parse(got[i]), JSON.parse(want), `seed ${seed}, case ${i}: ${blobs[i]}`);
		}
	} finally {
		rmSync(dir, {recursive: true});
	}
});

test(`${COUNT} random PHP values zser_serialize() wrote decode here to the same description`, {skip}, () => {
	const lines = runPhp(['gen', String(seed), String(COUNT)]);
	assert.equal(lines.length, COUNT);
	for (let i = 0; i < COUNT; i++) {
		const [h, json] = lines[i].split('\t');
		const bytes = new Uint8Array(Buffer.from(h, 'hex'));
		const v = decode(bytes);
		assert.deepEqual(describe(v), JSON.parse(json), `seed ${seed}, case ${i}: ${h}`);
		assert.equal(hex(encode(v)), h, `seed ${seed}, case ${i}: re-encoded`);
	}
});

test('100,000 levels: the same bytes as zser_serialize(), read back by zser_unserialize()', {skip}, () => {
	const deep = 100000;
	let v = 'end';
	for (let i = 0; i < deep; i++) {
		v = i % 2 ? [v] : new Map([['k', v]]);
	}
	const blob = encode(v);
	const dir = mkdtempSync(join(tmpdir(), 'zser-js-'));
	try {
		writeFileSync(join(dir, 'in'), blob);
		// PHP builds the same value, writes it, and reads this package's blob with no limit,
		// and with the default one (the error's code and offset as this package's)
		const code = `
			$v = 'end';
			for ($i = 0; $i < ${deep}; $i++) { $v = $i % 2 ? [$v] : ['k' => $v]; }
			$b = file_get_contents($argv[1]);
			echo bin2hex(zser_serialize($v)), "\\n";
			echo zser_serialize(zser_unserialize($b, ['max_depth' => 0])) === $b ? 'same' : 'differs', "\\n";
			try { zser_unserialize($b, ['throw_on_error' => true]); echo "read\\n"; }
			catch (ZserException $e) { echo $e->getCode(), ' ', $e->getMessage(), "\\n"; }`;
		const r = spawnSync(php, ['-d', `extension=${ext}`, '-r', code, join(dir, 'in')], {maxBuffer: 1 << 26});
		assert.equal(r.status, 0, String(r.stderr));
		const [h, same, err] = String(r.stdout).split('\n');
		assert.equal(h, hex(blob));
		assert.equal(same, 'same');
		let js;
		try {
			decode(blob);
		} catch (e) {
			js = e;
		}
		assert.equal(js.code, 20);
		assert.match(err, new RegExp(`^20 maximum depth of 4096 exceeded at offset ${js.offset} of ${blob.length} bytes`));
		// and this package reads it whole, back to the same bytes
		assert.ok(Buffer.from(encode(decode(blob, {maxDepth: 0}))).equals(blob));
	} finally {
		rmSync(dir, {recursive: true});
	}
});
