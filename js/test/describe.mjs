// zser — SPDX-License-Identifier: MIT
//
// The JSON description of a decoded value (tests/vectors/README.md), as
// tests/vectors/vectors.inc computes it from PHP values, and the value a description means.
import {
	PhpEnum, PhpFloat, PhpObject, PhpObjectData, PhpProperty, PhpRef, PhpSerializable,
} from '../zser.mjs';

const td = new TextDecoder('utf-8', {fatal: true});

export function hex(u8) {
	return Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength).toString('hex');
}

function fromHex(h) {
	return new Uint8Array(Buffer.from(h, 'hex'));
}

function floatHex(d) {
	const dv = new DataView(new ArrayBuffer(8));
	dv.setFloat64(0, d);
	return hex(new Uint8Array(dv.buffer));
}

function str(s) {
	if (typeof s === 'string') {
		return {str: s};
	}
	try {
		return {str: td.decode(s)};
	} catch {
		return {bin: hex(s)};
	}
}

function key(k) {
	return typeof k === 'number' || typeof k === 'bigint' ? {int: String(k)} : str(k);
}

function name(s) {
	return typeof s === 'string' ? s : Buffer.from(s).toString('latin1');
}

export function describe(v) {
	const ids = new Map();
	const d = (x) => {
		if (x === null || typeof x === 'boolean') {
			return x;
		}
		if (typeof x === 'number') {
			return Number.isSafeInteger(x) ? {int: String(x)} : {float: floatHex(x)};
		}
		if (typeof x === 'bigint') {
			return {int: String(x)};
		}
		if (typeof x === 'string' || x instanceof Uint8Array) {
			return str(x);
		}
		if (x instanceof PhpFloat) {
			return {float: x.value !== x.value ? x.bits.toString(16).padStart(16, '0') : floatHex(x.value)};
		}
		if (x instanceof PhpRef) {
			if (ids.has(x)) {
				return {ref: ids.get(x)};
			}
			ids.set(x, ids.size + 1);
			return {ref: ids.get(x), value: d(x.value)};
		}
		if (Array.isArray(x)) {
			return {list: x.map(d)};
		}
		if (x instanceof Map) {
			return {map: [...x].map(([k, y]) => [key(k), d(y)])};
		}
		if (ids.has(x)) {
			return {same: ids.get(x)};
		}
		const id = ids.size + 1;
		ids.set(x, id);
		if (x instanceof PhpObject) {
			return {object: name(x.className), id, props: x.properties.map(p => [key(p.key), d(p.value)])};
		}
		if (x instanceof PhpObjectData) {
			const inner = d(x.data);
			return {data: name(x.className), id, value: inner};
		}
		if (x instanceof PhpEnum) {
			return {enum: name(x.className), id, case: name(x.caseName)};
		}
		if (x instanceof PhpSerializable) {
			return {blob: name(x.className), id, payload: hex(x.payload), slots: x.slots};
		}
		throw new TypeError('not a decoded value');
	};
	return d(v);
}

// the value a description means, for the writer (refs and shared objects by their ids)
export function undescribe(j) {
	const ids = new Map();
	const u = (x) => {
		if (x === null || typeof x === 'boolean') {
			return x;
		}
		if ('int' in x) {
			const b = BigInt(x.int);
			return b >= -9007199254740991n && b <= 9007199254740991n ? Number(b) : b;
		}
		if ('float' in x) {
			const bits = BigInt('0x' + x.float);
			const dv = new DataView(new ArrayBuffer(8));
			dv.setBigUint64(0, bits);
			const f = dv.getFloat64(0);
			return Number.isInteger(f) || f !== f || Object.is(f, -0) ? new PhpFloat(f, f !== f ? bits : undefined) : f;
		}
		if ('str' in x) {
			return x.str;
		}
		if ('bin' in x) {
			return fromHex(x.bin);
		}
		if ('ref' in x) {
			if (!('value' in x)) {
				return ids.get('r' + x.ref);
			}
			const r = new PhpRef(undefined);
			ids.set('r' + x.ref, r);
			r.value = u(x.value);
			return r;
		}
		if ('same' in x) {
			return ids.get('r' + x.same);
		}
		if ('list' in x) {
			return x.list.map(u);
		}
		if ('map' in x) {
			const m = new Map();
			for (const [k, y] of x.map) {
				m.set(u(k), u(y));
			}
			return m;
		}
		if ('enum' in x) {
			const o = new PhpEnum(x.enum, x.case);
			ids.set('r' + x.id, o);
			return o;
		}
		if ('object' in x) {
			const o = new PhpObject(x.object, []);
			ids.set('r' + x.id, o);
			o.properties = x.props.map(([k, y]) => new PhpProperty(u(k), u(y)));
			return o;
		}
		if ('data' in x) {
			const o = new PhpObjectData(x.data, undefined);
			ids.set('r' + x.id, o);
			o.data = u(x.value);
			return o;
		}
		if ('blob' in x) {
			const o = new PhpSerializable(x.blob, fromHex(x.payload), x.slots);
			ids.set('r' + x.id, o);
			return o;
		}
		throw new TypeError('not a description');
	};
	return u(j);
}
