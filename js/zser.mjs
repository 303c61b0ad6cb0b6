// zser — SPDX-License-Identifier: MIT
//
// Reader and writer of the zser binary format (docs/FORMAT.md of the zser PHP extension) for
// JavaScript: no dependencies, only Uint8Array, DataView and TextDecoder/TextEncoder. The
// reader refuses exactly what the C reader (core/zs_wire_read.c) refuses, with the same error
// code and offset (FORMAT.md §13); the writer writes the bytes zser_serialize() writes for the
// same value model. It knows nothing of PHP classes: objects come back as plain descriptions.

export const FORMAT_VERSION = 1;
export const DEFAULT_MAX_DEPTH = 4096;

const MESSAGES = [
	null,
	['NOT_ZSER', 'not a zser blob'],
	['UNSUPPORTED_VERSION', 'unsupported format version'],
	['TRUNCATED', 'truncated input'],
	['UNKNOWN_TAG', 'unknown tag'],
	['OVERLONG_VARINT', 'overlong varint'],
	['NON_CANONICAL_INT', 'non-canonical integer'],
	['NON_CANONICAL_FLOAT', 'non-canonical float'],
	['INT_RANGE', 'integer out of range'],
	['COUNT_EXCEEDS_INPUT', 'count exceeds input'],
	['STRING_INDEX', 'string index out of range'],
	['SHAPE_INDEX', 'shape index out of range'],
	['BACKREF_RANGE', 'back-reference out of range'],
	['BACKREF_TYPE', 'back-reference to a non-object'],
	['INVALID_KEY', 'invalid key'],
	['NUMERIC_KEY', 'numeric string key'],
	['DUPLICATE_KEY', 'duplicate key'],
	['NON_CANONICAL_MAP', 'non-canonical map'],
	['INVALID_CLASS_NAME', 'invalid class name'],
	['INVALID_OBJECT_DATA', 'invalid object data'],
	['DEPTH', 'maximum depth exceeded'],
	['TRAILING_BYTES', 'trailing bytes'],
	['OUT_OF_MEMORY', 'out of memory'],
	['TABLE_LIMIT', 'table limit exceeded'],
	['REF_FLAG_MISMATCH', 'reference flag mismatch'],
	['NESTED_OUTSIDE', 'nested blob outside its object'],
	['NESTED_OUT_OF_PLACE', 'nested blob out of place'],
	['UNFILLED_SLOT', 'back-reference to an unfilled slot'],
	['BACKREF_NON_ARRAY', 'back-reference to a non-array'],
	['BACKREF_INCOMPLETE_ARRAY', 'back-reference to an incomplete array'],
	['SHARED_NOT_PLAIN', 'shared array not plain'],
	['REF_INTO_SHARED', 'reference into a shared array'],
];

/** The error codes of FORMAT.md §13, by the names of ZserException's constants. */
export const ErrorCode = Object.freeze(
	Object.fromEntries(MESSAGES.slice(1).map((m, i) => [m[0], i + 1])));

export class ZserError extends Error {
	constructor(code, offset, length) {
		super(`${MESSAGES[code][1]} at offset ${offset} of ${length} bytes`);
		this.code = code;
		this.name = MESSAGES[code][0];
		this.offset = offset;
	}
}

/** A PHP float whose value a JS number would turn into an int (integral, -0, NaN). */
export class PhpFloat {
	constructor(value, bits) {
		this.value = value;
		// a NaN's 64 bits as a BigInt (JS numbers may not keep a NaN's payload), else undefined
		this.bits = bits !== undefined ? bits : value !== value ? 0x7ff8000000000000n : undefined;
	}
	valueOf() {
		return this.value;
	}
}

/** A PHP `&` reference: every place holding the same PhpRef is one PHP reference. */
export class PhpRef {
	constructor(value) {
		this.value = value;
	}
}

const VIS_PROTECTED = 'protected', VIS_PRIVATE = 'private', VIS_PUBLIC = 'public';

/** One property of a PhpObject. `key` is the name as stored (mangled, §8.1). */
export class PhpProperty {
	constructor(key, value, from) {
		this.key = key;
		this.value = value;
		// (the reader's own: `from`, a property of the same key, gives the parts of the key)
		if (from !== undefined) {
			this.name = from.name;
			this.visibility = from.visibility;
			this.declaringClass = from.declaringClass;
			return;
		}
		this.name = key;
		this.visibility = VIS_PUBLIC;
		this.declaringClass = null;
		if (typeof key === 'string' && key.length > 0 && key.charCodeAt(0) === 0) {
			const end = key.indexOf('\0', 1);
			if (end > 1) {
				const cls = key.slice(1, end);
				this.name = key.slice(end + 1);
				this.visibility = cls === '*' ? VIS_PROTECTED : VIS_PRIVATE;
				this.declaringClass = cls === '*' ? null : cls;
			}
		}
	}
	/** A property from its parts: visibility 'public', 'protected' or 'private'. */
	static of(name, value, visibility = VIS_PUBLIC, declaringClass = null) {
		let key = name;
		if (visibility === VIS_PROTECTED) {
			key = `\0*\0${name}`;
		} else if (visibility === VIS_PRIVATE) {
			key = `\0${declaringClass}\0${name}`;
		}
		return new PhpProperty(key, value);
	}
}

/** An object written from its properties (OBJECT). */
export class PhpObject {
	constructor(className, properties = []) {
		this.className = className;
		this.properties = properties;
	}
	/** The value of the first property of that (unmangled) name, or undefined. */
	get(name) {
		const p = this.properties.find(q => q.name === name);
		return p && p.value;
	}
}

/** An object written from __serialize() (OBJECT_DATA): `data` is the array it returned. */
export class PhpObjectData {
	constructor(className, data) {
		this.className = className;
		this.data = data;
	}
}

/** A Serializable object (OBJECT_BLOB / OBJECT_BLOB_SLOTS): its serialize() string. */
export class PhpSerializable {
	constructor(className, payload, slots = 0, nestedRefs = false) {
		this.className = className;
		this.payload = payload;
		// slots the payload's nested zser blobs took (§8.3), 0 for OBJECT_BLOB
		this.slots = slots;
		// the blob's reference flag was set (kept so that re-encoding is byte-identical, §2)
		this.nestedRefs = nestedRefs;
	}
}

/** An enum case (ENUM). */
export class PhpEnum {
	constructor(className, caseName) {
		this.className = className;
		this.caseName = caseName;
	}
}

/** A back-reference of a nested blob to a slot of its outer blob (§8.3), unresolvable here. */
export class OuterSlot {
	constructor(slot, isRef) {
		this.slot = slot;
		this.isRef = isRef;
	}
}

// ==== bits of floats ====

// §4.2: a binary32 NaN widens with its payload shifted up by 29 bits and the quiet bit set.
function widenNaN32(b32) {
	const hi = ((b32 & 0x80000000) | 0x7ff80000 | ((b32 & 0x7fffff) >>> 3)) >>> 0;
	const lo = ((b32 & 7) << 29) >>> 0;
	return (BigInt(hi) << 32n) | BigInt(lo);
}

// §4.2: a NaN is a binary32 exactly when it is quiet and its low 29 payload bits are zero.
function nanIsF32(bits) {
	return (bits & 0x0008000000000000n) !== 0n && (bits & 0x1fffffffn) === 0n;
}

function isWrapped(d) {
	return Number.isInteger(d) || d !== d || Object.is(d, -0);
}

// ==== decoder ====

// ignoreBOM: a string's leading U+FEFF is content, not a byte order mark to drop
const utf8 = new TextDecoder('utf-8', {fatal: true, ignoreBOM: true});
const MAX_COUNT = 0x7fffffff;
const MAX_ENTRIES = 0xfffffffe;
// An ASCII string of 13 bytes or more is a substring of a chunk of the blob decoded once as a
// string of one char per byte: V8 makes such a substring a slice of the chunk, without a copy,
// where TextDecoder or Buffer would cost a call and a copy for each. A slice keeps its chunk
// alive as long as it lives (README.md); chunks bound that, where a string of the whole blob
// would keep all of a large blob for one short string. Past SLICE_MAX bytes, TextDecoder's
// check and copy cost less than the check here.
const SLICE_MAX = 1024;
const CHUNK = 65536;
const latin1Dec = (() => {
	try {
		// 'latin1' is windows-1252 for TextDecoder: still one char per byte, the same for ASCII
		return new TextDecoder('latin1');
	} catch {
		return null;
	}
})();
// Node's Buffer where there is one (looked up once, when the module loads)
const NodeBuffer = typeof Buffer === 'function' && typeof Buffer.prototype.latin1Slice === 'function' ? Buffer : null;

function chunkText(b, p, end) {
	if (NodeBuffer !== null) {
		return NodeBuffer.from(b.buffer, b.byteOffset + p, end - p).latin1Slice(0, end - p);
	}
	return latin1Dec !== null ? latin1Dec.decode(b.subarray(p, end)) : null;
}

// kinds of open containers
const K_LIST = 0, K_MAP = 1, K_OBJ = 2;

function isStrTag(t) {
	return (t >= 0x40 && t < 0x90) || t === 0xcd || t === 0xce;
}

// "0", or an optional '-' then 1-9 and digits, within int64, not "-0" (§7)
function intKeyOf(s) {
	const n = s.length;
	if (n === 0 || n > 20) {
		return null;
	}
	let i = 0;
	if (s.charCodeAt(0) === 45) {
		i = 1;
		if (n === 1) {
			return null;
		}
	}
	if (s.charCodeAt(i) === 48) {
		return i === 0 && n === 1 ? 0 : null;
	}
	for (let j = i; j < n; j++) {
		const c = s.charCodeAt(j);
		if (c < 48 || c > 57) {
			return null;
		}
	}
	const v = BigInt(s);
	if (v > 0x7fffffffffffffffn || v < -0x8000000000000000n) {
		return null;
	}
	return intValue(v);
}

function intValue(v) {
	return v >= -9007199254740991n && v <= 9007199254740991n ? Number(v) : v;
}

// keys as the reader gives them: one PHP key is one JS value (intValue() picks a number or a
// BigInt by the value), except byte strings, equal by their bytes
function sameKey(a, b) {
	if (a === b) {
		return true;
	}
	if (!(a instanceof Uint8Array) || !(b instanceof Uint8Array) || a.length !== b.length) {
		return false;
	}
	for (let i = 0; i < a.length; i++) {
		if (a[i] !== b[i]) {
			return false;
		}
	}
	return true;
}

// two equal keys among a shape's; with `names`, an integer and a property name of its digits
// are equal too (§8.1). Few keys are compared pairwise: cheaper than a Set
function hasDuplicate(keys, names) {
	const n = keys.length;
	if (n <= 8) {
		for (let i = 1; i < n; i++) {
			for (let j = 0; j < i; j++) {
				if (sameKey(keys[i], keys[j])) {
					return true;
				}
			}
		}
	} else {
		const seen = new Set();
		let bins = null;
		for (const k of keys) {
			if (k instanceof Uint8Array) {
				bins = bins || new Set();
				const id = latin1(k);
				if (bins.has(id)) {
					return true;
				}
				bins.add(id);
			} else {
				if (seen.has(k)) {
					return true;
				}
				seen.add(k);
			}
		}
	}
	if (names) {
		const ints = new Set(keys.filter(k => typeof k !== 'string' && !(k instanceof Uint8Array)));
		for (const k of keys) {
			if (typeof k === 'string' && ints.has(intKeyOf(k))) {
				return true;
			}
		}
	}
	return false;
}

class Decoder {
	constructor(bytes, maxDepth) {
		this.b = bytes;
		this.dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
		this.p = 0;
		// the bytes from chunkAt to chunkEnd as a string of a char per byte, made for the first
		// long ASCII string past the last chunk; null where the engine cannot make one
		this.chunk = '';
		this.chunkAt = 0;
		this.chunkEnd = 0;
		this.end = bytes.length;
		this.maxDepth = maxDepth;
		// the last array header read (arrayHeader): count and shape
		this.hn = 0;
		this.hshape = null;
		// map definitions whose keys are not yet known to be distinct: a map's Map counts its
		// distinct keys when the map is complete, for free, where a check at the header would
		// cost a second Map (or set) of the keys; innermost last
		this.unchecked = [];
		this.props = new Map(); // property key -> a PhpProperty of it, for its parts
		this.strs = []; // decoded strings (string or Uint8Array)
		this.shapes = []; // {cls: string|null, keys: []}
		// with the reference flag: slot number - base -> a slot entry (newSlot())
		this.slots = [null];
		this.nslots = 0;
		this.base = 0;
		this.refs = false;
		this.nested = false;
		this.refsSeen = false;
		this.reserved = false;
	}

	fail(code, at) {
		// An unchecked definition came before whatever failed here: its duplicate key, if it
		// has one, is the blob's first error (§13), as for a reader that checks at the header.
		for (const shape of this.unchecked) {
			if (hasDuplicate(shape.keys, false)) {
				code = 16;
				at = shape.at;
				break;
			}
		}
		throw new ZserError(code, at, this.end);
	}

	header() {
		const b = this.b;
		if (this.end < 1) {
			this.fail(3, 0);
		}
		if (b[0] !== 0x5a) {
			this.fail(1, 0);
		}
		if (this.end < 2) {
			this.fail(3, 1);
		}
		if ((b[1] & 0x3f) !== 1) {
			this.fail(2, 1);
		}
		this.refs = (b[1] & 0x80) !== 0;
		this.nested = (b[1] & 0x40) !== 0;
		this.p = 2;
		if (this.nested) {
			const at = this.p;
			const v = this.varint();
			if (v >= MAX_ENTRIES) {
				this.fail(23, at);
			}
			this.base = Number(v) + 1;
			this.nslots = this.base;
		}
	}

	// §3; a number when it fits 2^53 safely, else a BigInt (only ever compared with limits)
	varint() {
		const b = this.b, at = this.p;
		let p = this.p;
		if (p < this.end && b[p] < 0x80) {
			this.p = p + 1;
			return b[p];
		}
		// two bytes (table indexes past 48 + 127, string lengths past 32 + 127) without the loop
		if (p + 1 < this.end && b[p + 1] < 0x80 && b[p + 1] !== 0) {
			this.p = p + 2;
			return (b[p] & 0x7f) | (b[p + 1] << 7);
		}
		let v = 0, shift = 0, big = null;
		for (;;) {
			if (p === this.end) {
				this.fail(3, p);
			}
			const c = b[p++];
			if (shift === 63 && c > 1) {
				this.fail(5, at);
			}
			if (shift < 49) {
				v += (c & 0x7f) * 2 ** shift;
			} else {
				if (big === null) {
					big = BigInt(v);
				}
				big |= BigInt(c & 0x7f) << BigInt(shift);
			}
			if (!(c & 0x80)) {
				if (c === 0) {
					this.fail(5, at);
				}
				break;
			}
			shift += 7;
		}
		this.p = p;
		return big === null ? v : intValue(big);
	}

	// a biased varint; `code` when the value exceeds `limit` (at the varint)
	biased(bias, limit, code) {
		const at = this.p;
		const v = this.varint();
		if (typeof v === 'bigint' || v > limit || bias > limit - v) {
			this.fail(code, at);
		}
		return v + bias;
	}

	sizedInt(tag, at) {
		const neg = tag >= 0xc7;
		const k = tag - (neg ? 0xc7 : 0xc3);
		const n = 1 << k;
		if (this.end - this.p < n) {
			this.fail(3, this.p);
		}
		const dv = this.dv, p = this.p;
		let u;
		if (k === 0) {
			u = this.b[p];
			if (u < (neg ? 16 : 64)) {
				this.fail(6, at);
			}
		} else if (k === 1) {
			u = dv.getUint16(p, true);
			if (u < 0x100) {
				this.fail(6, at);
			}
		} else if (k === 2) {
			u = dv.getUint32(p, true);
			if (u < 0x10000) {
				this.fail(6, at);
			}
		} else {
			const lo = dv.getUint32(p, true), hi = dv.getUint32(p + 4, true);
			if (hi === 0) {
				this.fail(6, at);
			}
			if (hi >= 0x80000000) {
				this.fail(8, at);
			}
			if (hi < 0x200000) {
				u = hi * 4294967296 + lo;
			} else {
				const big = (BigInt(hi) << 32n) | BigInt(lo);
				this.p = p + 8;
				return intValue(neg ? -big - 1n : big);
			}
		}
		this.p = p + n;
		return neg ? -u - 1 : u;
	}

	float(tag, at) {
		const dv = this.dv, p = this.p;
		if (tag === 0xcb) {
			if (this.end - p < 4) {
				this.fail(3, p);
			}
			this.p = p + 4;
			const d = dv.getFloat32(p, true);
			if (d !== d) {
				return new PhpFloat(NaN, widenNaN32(dv.getUint32(p, true)));
			}
			return isWrapped(d) ? new PhpFloat(d) : d;
		}
		if (this.end - p < 8) {
			this.fail(3, p);
		}
		const d = dv.getFloat64(p, true);
		let bits;
		if (d !== d) {
			bits = dv.getBigUint64(p, true);
			if (nanIsF32(bits)) {
				this.fail(7, at);
			}
		} else if (Math.fround(d) === d) {
			this.fail(7, at);
		}
		this.p = p + 8;
		return isWrapped(d) ? new PhpFloat(d, bits) : d;
	}

	// a string in any of its four forms, tag consumed
	str(tag) {
		const at = this.p - 1;
		if (tag < 0x60 || tag === 0xcd) {
			let n;
			if (tag === 0xcd) {
				const vat = this.p;
				const v = this.varint();
				if (typeof v === 'bigint' && v > 0x7fffffffffffffffn - 32n) {
					this.fail(3, vat);
				}
				n = typeof v === 'bigint' ? Infinity : v + 32;
				if (n > this.end - this.p) {
					this.fail(3, at);
				}
			} else {
				n = tag - 0x40;
				if (n > this.end - this.p) {
					this.fail(3, at);
				}
			}
			if (n === 0) {
				return '';
			}
			const s = this.text(this.p, n);
			this.p += n;
			if (this.strs.length >= MAX_ENTRIES) {
				this.fail(23, at);
			}
			this.strs.push(s);
			return s;
		}
		let v;
		if (tag === 0xce) {
			v = this.biased(48, MAX_ENTRIES, 10);
		} else {
			v = tag - 0x60;
		}
		if (v >= this.strs.length) {
			this.fail(10, at);
		}
		return this.strs[v];
	}

	text(p, n) {
		const b = this.b;
		let or = 0;
		if (n <= 12) {
			for (let i = p; i < p + n; i++) {
				or |= b[i];
			}
			// one String.fromCharCode call: less than a TextDecoder call costs
			if (or < 0x80) {
				return ascii(b, p, n);
			}
		} else if (n <= SLICE_MAX && this.chunk !== null) {
			// eight bytes a step: an eighth of the loop's turns
			const dv = this.dv, e = p + n;
			let i = p;
			for (; i + 8 <= e; i += 8) {
				or |= dv.getUint32(i) | dv.getUint32(i + 4);
			}
			if (i + 4 <= e) {
				or |= dv.getUint32(i);
				i += 4;
			}
			for (; i < e; i++) {
				or |= b[i];
			}
			if ((or & 0x80808080) === 0) {
				if (p + n > this.chunkEnd && !this.nextChunk(p)) {
					return this.textSlow(p, n);
				}
				return this.chunk.substring(p - this.chunkAt, p - this.chunkAt + n);
			}
		}
		return this.textSlow(p, n);
	}

	// a property of a decoded object: its key is taken apart once per decode, not once per
	// object (objects of one class repeat their keys)
	property(key, v) {
		let from = this.props.get(key);
		if (from === undefined) {
			from = new PhpProperty(key, undefined);
			this.props.set(key, from);
		}
		return new PhpProperty(key, v, from);
	}

	// the chunk of the blob from p on; false where there is none to be had
	nextChunk(p) {
		const end = Math.min(this.end, p + CHUNK);
		this.chunk = chunkText(this.b, p, end);
		this.chunkAt = p;
		this.chunkEnd = end;
		return this.chunk !== null;
	}

	textSlow(p, n) {
		const sub = this.b.subarray(p, p + n);
		try {
			return utf8.decode(sub);
		} catch {
			return sub.slice();
		}
	}

	cls() {
		const at = this.p;
		if (at === this.end) {
			this.fail(3, at);
		}
		const tag = this.b[this.p++];
		if (!isStrTag(tag)) {
			this.fail(18, at);
		}
		const s = this.str(tag);
		if (s.length === 0) {
			this.fail(18, at);
		}
		return s;
	}

	// one key: {k: JS key, id: identity string for the duplicate check, s: string?}
	key() {
		const at = this.p;
		if (at === this.end) {
			this.fail(3, at);
		}
		const tag = this.b[this.p++];
		if (tag < 0x40) {
			return tag;
		}
		if (tag >= 0xf0) {
			return tag - 0x100;
		}
		if (tag >= 0xc3 && tag <= 0xca) {
			return this.sizedInt(tag, at);
		}
		if (!isStrTag(tag)) {
			this.fail(14, at);
		}
		const s = this.str(tag);
		this.keyIsStr = true;
		return s;
	}

	// reads `count` keys of a MAP (cls null) or OBJECT definition; appends the shape
	shapeDef(count, cls, at) {
		const keys = new Array(count);
		let isList = cls === null, nints = 0, nnames = 0, bins = false;
		const isObj = cls !== null;
		for (let j = 0; j < count; j++) {
			const kat = this.p;
			this.keyIsStr = false;
			const k = this.key();
			if (this.keyIsStr) {
				isList = false;
				if (typeof k === 'string') {
					const c = k.charCodeAt(0);
					if (((c >= 48 && c <= 57) || c === 45) && intKeyOf(k) !== null) {
						if (!isObj) {
							this.fail(15, kat);
						}
						nnames++;
					}
				} else {
					bins = true;
				}
			} else {
				if (k !== j) {
					isList = false;
				}
				nints++;
			}
			keys[j] = k;
		}
		if (!isObj && isList) {
			this.fail(17, at);
		}
		// a map of text and integer keys is checked when complete (this.unchecked)
		const later = !isObj && !bins;
		if (!later && hasDuplicate(keys, nints > 0 && nnames > 0)) {
			this.fail(16, at);
		}
		if (this.shapes.length >= MAX_ENTRIES) {
			this.fail(23, at);
		}
		// at and depth: for an unchecked definition, where it is and the level of its map
		const shape = {cls, keys, at, depth: 0};
		this.shapes.push(shape);
		if (later) {
			this.unchecked.push(shape);
		}
		return shape;
	}

	// takes the next slot (§9) for a value found at `key` of `parent` (a container, or the
	// root); with the reference flag, remembers that place, so that a later BACKREF_REF can
	// turn it into a PhpRef
	slot(parent, key, obj) {
		this.nslots++;
		if (!this.refs) {
			return null;
		}
		const e = newSlot(undefined, parent, key, obj, false, this.nslots - this.base);
		this.slots.push(e);
		return e;
	}

	// the header of a list, map or shape reference, tag consumed: its kind (K_LIST, K_MAP,
	// K_OBJ), the count in this.hn and the shape in this.hshape; -1 for any other tag
	arrayHeader(tag, at) {
		let n;
		if (tag >= 0x90 && tag < 0xa0) {
			n = tag - 0x90;
		} else if (tag >= 0xa0 && tag < 0xc0) {
			return this.shapeRef(tag - 0xa0, at);
		} else if (tag === 0xcf) {
			n = this.biased(16, MAX_COUNT, 9);
		} else if (tag === 0xd0) {
			n = this.biased(1, MAX_COUNT, 9);
			if (n > Math.floor((this.end - this.p) / 2)) {
				this.fail(9, at);
			}
			this.hshape = this.shapeDef(n, null, at);
			this.hn = n;
			return K_MAP;
		} else if (tag === 0xd2) {
			return this.shapeRef(this.biased(32, MAX_ENTRIES, 11), at);
		} else {
			return -1;
		}
		if (n > this.end - this.p) {
			this.fail(9, at);
		}
		this.hn = n;
		return K_LIST;
	}

	shapeRef(v, at) {
		if (v >= this.shapes.length) {
			this.fail(11, at);
		}
		const shape = this.shapes[v];
		const n = shape.keys.length;
		if (n > this.end - this.p) {
			this.fail(9, at);
		}
		this.hshape = shape;
		this.hn = n;
		return shape.cls === null ? K_MAP : K_OBJ;
	}

	// The value after the header. Open containers live on a stack of parallel arrays, not on
	// the call stack, so that any depth the caller's limit allows is read. A container is
	// stored in its parent when it opens, so that a BACKREF_REF from inside it finds its place
	// there; its frame then takes the values that follow until its count is reached.
	run() {
		const b = this.b, end = this.end, refs = this.refs, maxDepth = this.maxDepth;
		const unchecked = this.unchecked;
		const kinds = [], conts = [], keyss = [], counts = [], idxs = [], ents = [];
		// the top-level value is element 0 of a one-element list
		const root = [undefined];
		let kind = K_LIST, cont = root, keys = null, n = 1, i = 0, sp = 0;
		// with the reference flag: the slot entry of the innermost open container (§9.1)
		let ent = null;
		for (;;) {
			if (i === n) {
				if (sp === 0) {
					return root[0];
				}
				const un = unchecked.length !== 0 ? unchecked[unchecked.length - 1] : null;
				if (un !== null && un.depth === sp) {
					// a definition's map complete: one entry short per key met twice
					if (cont.size !== n) {
						this.fail(16, un.at);
					}
					unchecked.pop();
				}
				if (ent !== null) {
					const e = ent;
					e.open = false;
					e.end = this.nslots - this.base + 1;
					e.height = e.height + 1;
					ent = ents[sp - 1];
					if (ent !== null) {
						ent.impure = ent.impure || e.impure;
						if (ent.height < e.height) {
							ent.height = e.height;
						}
					}
				}
				sp--;
				kind = kinds[sp];
				cont = conts[sp];
				keys = keyss[sp];
				n = counts[sp];
				i = idxs[sp] + 1;
				continue;
			}
			const at = this.p;
			if (at === end) {
				this.fail(3, at);
			}
			const tag = b[this.p++];
			// v goes to the parent; a container with values opens a frame of kind nkind,
			// count elements, filling c (v itself, or the array of an OBJECT_DATA)
			let v, nkind = -1, count = 0, c = null, nkeys = null, obj = false;
			if (tag < 0x40) {
				v = tag;
			} else if (tag < 0x90) {
				v = this.str(tag);
			} else if (tag >= 0xf0) {
				v = tag - 0x100;
			} else if (tag >= 0xc0 && tag <= 0xce) {
				if (tag < 0xc3) {
					v = tag === 0xc0 ? null : tag === 0xc2;
				} else if (tag <= 0xca) {
					v = this.sizedInt(tag, at);
				} else if (tag <= 0xcc) {
					v = this.float(tag, at);
				} else {
					v = this.str(tag);
				}
			} else if (tag >= 0xd4 && tag <= 0xd9) {
				// these take their slot (or none) themselves, and hold no values
				v = this.special(tag, at, cont, kind === K_MAP ? keys[i] : i, ent, sp);
				if (kind === K_LIST) {
					cont[i] = v;
				} else if (kind === K_MAP) {
					cont.set(keys[i], v);
				} else {
					cont.properties[i] = this.property(keys[i], v);
				}
				i++;
				continue;
			} else if (tag === 0xd1) {
				const cls = this.cls();
				const cnt = this.varint();
				if (typeof cnt === 'bigint' || cnt > MAX_COUNT || cnt > Math.floor((end - this.p) / 2)) {
					this.fail(9, at);
				}
				nkeys = this.shapeDef(cnt, cls, at).keys;
				nkind = K_OBJ;
				count = cnt;
				obj = true;
				v = c = new PhpObject(cls, new Array(cnt));
			} else if (tag === 0xd3) {
				const cls = this.cls();
				if (this.p === end) {
					this.fail(3, this.p);
				}
				const pat = this.p;
				nkind = this.arrayHeader(b[this.p++], pat);
				if (nkind < 0 || nkind === K_OBJ) {
					this.fail(19, pat);
				}
				count = this.hn;
				obj = true;
				if (nkind === K_LIST) {
					c = new Array(count);
				} else {
					c = new Map();
					nkeys = this.hshape.keys;
				}
				// the array is the object's level (§11) and takes no slot: its frame is the
				// object's, its elements are stored in it
				v = new PhpObjectData(cls, c);
			} else {
				nkind = this.arrayHeader(tag, at);
				count = this.hn;
				// sized when made: an array grown from [] by its first store takes 17 slots
				if (nkind === K_LIST) {
					v = c = new Array(count);
				} else if (nkind === K_MAP) {
					v = c = new Map();
					nkeys = this.hshape.keys;
				} else if (nkind === K_OBJ) {
					obj = true;
					nkeys = this.hshape.keys;
					v = c = new PhpObject(this.hshape.cls, new Array(count));
				} else {
					this.fail(4, at);
				}
			}
			// an empty list is no level, an object is one even when empty (§11)
			if ((count > 0 || obj) && sp >= maxDepth) {
				this.fail(20, at);
			}
			this.nslots++;
			let ne = null;
			if (refs) {
				ne = newSlot(v, cont, kind === K_MAP ? keys[i] : i, obj, false, this.nslots - this.base);
				ne.arr = !obj && (nkind === K_LIST || nkind === K_MAP);
				this.slots.push(ne);
				if (obj && ent !== null) {
					ent.impure = true;
				}
			}
			if (kind === K_LIST) {
				cont[i] = v;
			} else if (kind === K_MAP) {
				cont.set(keys[i], v);
			} else {
				cont.properties[i] = this.property(keys[i], v);
			}
			if (count === 0) {
				i++;
				continue;
			}
			kinds[sp] = kind;
			conts[sp] = cont;
			keyss[sp] = keys;
			counts[sp] = n;
			idxs[sp] = i;
			ents[sp] = ent;
			if (ne !== null) {
				ne.open = true;
				ent = ne;
			}
			sp++;
			if (unchecked.length !== 0 && unchecked[unchecked.length - 1].depth === 0) {
				// the map of the definition just read
				unchecked[unchecked.length - 1].depth = sp;
			}
			kind = nkind;
			cont = c;
			keys = nkeys;
			n = count;
			i = 0;
		}
	}

	// OBJECT_BLOB, OBJECT_BLOB_SLOTS, ENUM and the back-references: values without values
	// inside, each taking its slot (BACKREF_REF none) at `key` of `parent`
	special(tag, at, parent, key, ent, level) {
		const b = this.b;
		if (tag === 0xd6 || tag === 0xd7 || tag === 0xd9) {
			if (!this.refs) {
				this.fail(24, at);
			}
			this.refsSeen = true;
		}
		switch (tag) {
		case 0xd4:
		case 0xd8: {
			const e = this.slot(parent, key, true);
			const cls = this.cls();
			if (ent !== null) {
				ent.impure = true;
			}
			let reserve = 0;
			if (tag === 0xd8) {
				reserve = this.varint();
				reserve = typeof reserve === 'bigint' ? reserve + 1n : reserve + 1;
				// the C reader keeps it in 64 bits: slots - 1 = 2^64 - 1 wraps to 0 (§8.3)
				if (reserve === 18446744073709551616n) {
					reserve = 0;
				}
			}
			const len = this.varint();
			if (typeof len === 'bigint' || len > this.end - this.p) {
				this.fail(3, at);
			}
			if (reserve > len) {
				this.fail(9, at);
			}
			reserve = Number(reserve);
			if (reserve > MAX_ENTRIES - this.nslots) {
				this.fail(23, at);
			}
			const payload = b.slice(this.p, this.p + len);
			this.p += len;
			const o = new PhpSerializable(cls, payload, reserve, tag === 0xd8 && this.refs);
			if (reserve > 0) {
				this.reserved = true;
				this.nslots += reserve;
				if (this.refs) {
					for (let i = 0; i < reserve; i++) {
						this.slots.push(newSlot(undefined, null, null, true, true, this.slots.length));
					}
				}
			}
			if (e !== null) {
				e.v = o;
			}
			return o;
		}
		case 0xd5: {
			const e = this.slot(parent, key, true);
			const cls = this.cls();
			if (ent !== null) {
				ent.impure = true;
			}
			if (this.p === this.end) {
				this.fail(3, this.p);
			}
			const cat = this.p;
			const ctag = b[this.p++];
			if (!isStrTag(ctag)) {
				this.fail(18, cat);
			}
			const o = new PhpEnum(cls, this.str(ctag));
			if (e !== null) {
				e.v = o;
			}
			return o;
		}
		case 0xd6: {
			const e = this.slot(parent, key, true);
			const own = this.nslots;
			const v = this.varint();
			if (v >= own - 1) {
				this.fail(12, at);
			}
			const target = Number(v) + 1;
			let o;
			if (target <= this.base) {
				o = new OuterSlot(target, false);
			} else {
				const t = this.slots[target - this.base];
				if (!t.obj) {
					this.fail(13, at);
				}
				o = t.reserved ? new OuterSlot(target, false) : t.v;
				if (o instanceof PhpRef) {
					o = o.value;
				}
			}
			e.v = o;
			return o;
		}
		case 0xd9:
			return this.sharedArray(at, parent, key, ent, level);
		default: {
			const v = this.varint();
			if (v >= this.nslots) {
				this.fail(12, at);
			}
			const target = Number(v) + 1;
			if (ent !== null) {
				ent.impure = true;
			}
			if (target <= this.base || this.slots[target - this.base].reserved) {
				return new OuterSlot(target, true);
			}
			const t = this.slots[target - this.base];
			if (t.frozen) {
				this.fail(31, at);
			}
			t.refd = true;
			return this.refTo(target);
		}
		}
	}

	// BACKREF_ARR (§9.1): the very Array or Map the slot holds, once the checks pass; the
	// slots inside it are frozen the first time
	sharedArray(at, parent, key, ent, level) {
		const e = this.slot(parent, key, false);
		e.arr = true;
		const own = this.nslots;
		const v = this.varint();
		if (v >= own - 1 || v < this.base) {
			this.fail(12, at);
		}
		const j = Number(v) + 1 - this.base;
		const t = this.slots[j];
		if (!t.arr) {
			this.fail(28, at);
		}
		if (t.open) {
			this.fail(29, at);
		}
		if (t.impure) {
			this.fail(30, at);
		}
		if (!t.shared) {
			for (let k = j + 1; k < t.end;) {
				const s = this.slots[k];
				if (s.refd) {
					this.fail(30, at);
				}
				s.frozen = true;
				k = s.shared ? s.end : k + 1;
			}
			t.shared = true;
		}
		if (level + t.height > this.maxDepth) {
			this.fail(20, at);
		}
		e.height = t.height;
		if (ent !== null && ent.height < t.height) {
			ent.height = t.height;
		}
		const a = t.v instanceof PhpRef ? t.v.value : t.v;
		e.v = a;
		return a;
	}

	// the PhpRef that slot `target` is (made one if it is not yet)
	refTo(target) {
		const t = this.slots[target - this.base];
		if (t.v instanceof PhpRef) {
			return t.v;
		}
		const box = new PhpRef(t.v);
		t.v = box;
		if (t.parent !== null) {
			setAt(t.parent, t.key, box);
		}
		return box;
	}
}

// the string of n (1 to 12) ASCII bytes at b[p]
function ascii(b, p, n) {
	const f = String.fromCharCode;
	switch (n) {
	case 1: return f(b[p]);
	case 2: return f(b[p], b[p + 1]);
	case 3: return f(b[p], b[p + 1], b[p + 2]);
	case 4: return f(b[p], b[p + 1], b[p + 2], b[p + 3]);
	case 5: return f(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4]);
	case 6: return f(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5]);
	case 7: return f(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6]);
	case 8: return f(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7]);
	case 9: return f(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8]);
	case 10: return f(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9]);
	case 11: return f(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10]);
	default: return f(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], b[p + 9], b[p + 10], b[p + 11]);
	}
}

// A slot entry of a blob with the reference flag: the value and where it sits, and what
// BACKREF_ARR needs to know (§9.1): an array, still open, holding what makes it not plain,
// named by a BACKREF_REF, named by a BACKREF_ARR, inside one so named; `end` the index one
// past its last element's slot, `height` the levels it spans.
function newSlot(v, parent, key, obj, reserved, idx) {
	return {v, parent, key, obj, reserved, arr: false, open: false, impure: false, refd: false,
		shared: false, frozen: false, end: idx + 1, height: 0};
}

function setAt(parent, key, v) {
	if (parent instanceof Map) {
		parent.set(key, v);
	} else if (parent instanceof PhpObject) {
		parent.properties[key].value = v;
	} else {
		parent[key] = v;
	}
}

function latin1(u8) {
	let s = '';
	for (let i = 0; i < u8.length; i++) {
		s += String.fromCharCode(u8[i]);
	}
	return s;
}

/** The header fields of a blob (§2), or a ZserError for a bad header. */
export function decodeHeader(bytes) {
	const d = new Decoder(toBytes(bytes), DEFAULT_MAX_DEPTH);
	d.header();
	return {version: 1, refs: d.refs, nested: d.nested, base: d.base, size: d.p};
}

function toBytes(bytes) {
	if (bytes instanceof Uint8Array) {
		return bytes;
	}
	if (bytes instanceof ArrayBuffer) {
		return new Uint8Array(bytes);
	}
	if (ArrayBuffer.isView(bytes)) {
		return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	}
	throw new TypeError('decode() takes a Uint8Array, an ArrayBuffer or a view of one');
}

/**
 * Decodes one blob. Throws ZserError (code, name, offset as FORMAT.md §13) on invalid input.
 * options.maxDepth: the nesting limit (§11), default 4096; 0 or Infinity: none.
 */
export function decode(bytes, options = {}) {
	let maxDepth = options.maxDepth === undefined ? DEFAULT_MAX_DEPTH : options.maxDepth;
	if (maxDepth === 0) {
		// no limit, as max_depth 0 for zser_unserialize()
		maxDepth = Infinity;
	} else if (maxDepth !== Infinity && (!Number.isInteger(maxDepth) || maxDepth < 1)) {
		throw new RangeError('maxDepth must be a positive integer, or 0 or Infinity for no limit');
	}
	const d = new Decoder(toBytes(bytes), maxDepth);
	d.header();
	const v = d.run();
	if (d.p !== d.end) {
		d.fail(21, d.p);
	}
	if (d.refs && !d.refsSeen && !d.reserved) {
		d.fail(24, 1);
	}
	return v;
}

// ==== encoder ====

const utf8enc = new TextEncoder();

function isObjectValue(v) {
	return v instanceof PhpObject || v instanceof PhpObjectData || v instanceof PhpSerializable ||
	       v instanceof PhpEnum;
}

function validUtf8(u8) {
	try {
		return utf8.decode(u8);
	} catch {
		return null;
	}
}

class Encoder {
	constructor() {
		this.buf = new Uint8Array(256);
		this.dv = new DataView(this.buf.buffer);
		this.p = 0;
		this.strs = new Map();
		this.bins = new Map();
		this.nstrs = 0;
		this.shapes = new Map();
		this.nshapes = 0;
		this.nslots = 0;
		this.seen = new Map();
		this.refs = false;
		// shared arrays (§9.1): each Array, Map or object written in full, complete and plain,
		// and its slot; `marks` counts what makes an array around it not plain; `opened` is
		// the array head() just began, for value() to record once it is complete
		this.arrs = new Map();
		this.marks = 0;
		this.opened = null;
	}

	ensure(n) {
		if (this.p + n > this.buf.length) {
			let cap = this.buf.length * 2;
			while (cap < this.p + n) {
				cap *= 2;
			}
			const nb = new Uint8Array(cap);
			nb.set(this.buf.subarray(0, this.p));
			this.buf = nb;
			this.dv = new DataView(nb.buffer);
		}
	}

	byte(c) {
		this.ensure(1);
		this.buf[this.p++] = c;
	}

	varint(v) {
		this.ensure(10);
		if (typeof v === 'bigint') {
			while (v >= 0x80n) {
				this.buf[this.p++] = Number(v & 0x7fn) | 0x80;
				v >>= 7n;
			}
			this.buf[this.p++] = Number(v);
			return;
		}
		while (v >= 0x80) {
			this.buf[this.p++] = (v % 128) | 0x80;
			v = Math.floor(v / 128);
		}
		this.buf[this.p++] = v;
	}

	// §4.1: the smallest form
	int(v) {
		this.ensure(9);
		const dv = this.dv;
		if (typeof v === 'bigint') {
			if (v > 0x7fffffffffffffffn || v < -0x8000000000000000n) {
				throw new RangeError('integer outside the 64-bit range');
			}
			if (v >= -9007199254740991n && v <= 9007199254740991n) {
				return this.int(Number(v));
			}
			const neg = v < 0n;
			this.buf[this.p++] = neg ? 0xca : 0xc6;
			dv.setBigUint64(this.p, neg ? -1n - v : v, true);
			this.p += 8;
			return;
		}
		if (v >= 0) {
			if (v < 64) {
				this.buf[this.p++] = v;
				return;
			}
			this.sized(v, 0xc3);
			return;
		}
		if (v >= -16) {
			this.buf[this.p++] = 0x100 + v;
			return;
		}
		const u = -1 - v;
		if (u < 0x100) {
			this.buf[this.p++] = 0xc7;
			this.buf[this.p++] = u;
			return;
		}
		this.sized(u, 0xc7);
	}

	sized(u, base) {
		const dv = this.dv;
		if (u < 0x100) {
			this.buf[this.p++] = base;
			this.buf[this.p++] = u;
		} else if (u < 0x10000) {
			this.buf[this.p++] = base + 1;
			dv.setUint16(this.p, u, true);
			this.p += 2;
		} else if (u < 0x100000000) {
			this.buf[this.p++] = base + 2;
			dv.setUint32(this.p, u, true);
			this.p += 4;
		} else {
			this.buf[this.p++] = base + 3;
			dv.setUint32(this.p, u % 0x100000000, true);
			dv.setUint32(this.p + 4, Math.floor(u / 0x100000000), true);
			this.p += 8;
		}
	}

	// §4.2
	float(d, bits) {
		this.ensure(9);
		const dv = this.dv;
		if (d !== d) {
			if (bits === undefined) {
				bits = 0x7ff8000000000000n;
			}
			if (nanIsF32(bits)) {
				const hi = Number(bits >> 32n);
				const b32 = ((hi & 0x80000000) | 0x7f800000 | ((Number(bits & 0xfffffffffffffn) / 2 ** 29) & 0x7fffff)) >>> 0;
				this.buf[this.p++] = 0xcb;
				dv.setUint32(this.p, b32, true);
				this.p += 4;
			} else {
				this.buf[this.p++] = 0xcc;
				dv.setBigUint64(this.p, bits, true);
				this.p += 8;
			}
			return;
		}
		if (Math.fround(d) === d) {
			this.buf[this.p++] = 0xcb;
			dv.setFloat32(this.p, d, true);
			this.p += 4;
		} else {
			this.buf[this.p++] = 0xcc;
			dv.setFloat64(this.p, d, true);
			this.p += 8;
		}
	}

	strRef(idx) {
		if (idx < 48) {
			this.byte(0x60 + idx);
		} else {
			this.byte(0xce);
			this.varint(idx - 48);
		}
	}

	// §5: a literal the first time, a reference to the table after
	str(s) {
		if (typeof s !== 'string') {
			const t = validUtf8(s);
			if (t === null) {
				return this.bytes(s);
			}
			s = t;
		}
		if (s.length === 0) {
			this.byte(0x40);
			return;
		}
		const idx = this.strs.get(s);
		if (idx !== undefined) {
			this.strRef(idx);
			return;
		}
		this.strs.set(s, this.nstrs++);
		let n = s.length;
		let ascii = n < 32;
		if (ascii) {
			for (let i = 0; i < n; i++) {
				if (s.charCodeAt(i) >= 0x80) {
					ascii = false;
					break;
				}
			}
		}
		if (ascii) {
			this.ensure(1 + n);
			this.buf[this.p++] = 0x40 + n;
			for (let i = 0; i < n; i++) {
				this.buf[this.p++] = s.charCodeAt(i);
			}
			return;
		}
		if (!s.isWellFormed()) {
			throw new TypeError('a string with a lone surrogate has no UTF-8 form; pass a Uint8Array');
		}
		const u8 = utf8enc.encode(s);
		this.literal(u8);
	}

	bytes(u8) {
		if (u8.length === 0) {
			this.byte(0x40);
			return;
		}
		const k = latin1(u8);
		const idx = this.bins.get(k);
		if (idx !== undefined) {
			this.strRef(idx);
			return;
		}
		this.bins.set(k, this.nstrs++);
		this.literal(u8);
	}

	literal(u8) {
		const n = u8.length;
		this.ensure(11 + n);
		if (n < 32) {
			this.buf[this.p++] = 0x40 + n;
		} else {
			this.buf[this.p++] = 0xcd;
			this.varint(n - 32);
		}
		this.buf.set(u8, this.p);
		this.p += n;
	}

	// a key as PHP stores it: integers and strings holding an integer are ints (§7)
	normKey(k) {
		if (typeof k === 'number') {
			if (!Number.isSafeInteger(k)) {
				throw new TypeError(`an array key must be an integer or a string, not ${k}`);
			}
			return k;
		}
		if (typeof k === 'bigint') {
			return intValue(k);
		}
		if (typeof k === 'string') {
			const iv = intKeyOf(k);
			return iv === null ? k : iv;
		}
		if (k instanceof Uint8Array) {
			const t = validUtf8(k);
			return t === null ? k : this.normKey(t);
		}
		throw new TypeError('an array key must be an integer or a string');
	}

	key(k) {
		if (typeof k === 'number' || typeof k === 'bigint') {
			this.int(k);
		} else {
			this.str(k);
		}
	}

	shapeId(prefix, keys) {
		let id = prefix;
		for (const k of keys) {
			const s = typeof k === 'string' ? 's' + k : typeof k === 'number' || typeof k === 'bigint' ? 'i' + String(k) : 'b' + latin1(k);
			id += s.length + ':' + s;
		}
		return id;
	}

	shapeRef(idx) {
		if (idx < 32) {
			this.byte(0xa0 + idx);
		} else {
			this.byte(0xd2);
			this.varint(idx - 32);
		}
	}

	// an array (list or map) whose slot is taken already (or none, under OBJECT_DATA): writes
	// its header and returns its values
	array(v) {
		if (Array.isArray(v)) {
			return this.list(v);
		}
		let keys, vals;
		if (v instanceof Map) {
			keys = [];
			vals = [];
			const seenKeys = new Set();
			for (const [k, x] of v) {
				const nk = this.normKey(k);
				const sk = typeof nk === 'object' ? 'b' + latin1(nk) : typeof nk + String(nk);
				if (seenKeys.has(sk)) {
					throw new TypeError(`two keys of a Map are the same PHP key ${String(nk)}`);
				}
				seenKeys.add(sk);
				keys.push(nk);
				vals.push(x);
			}
		} else {
			keys = Object.keys(v).map(k => this.normKey(k));
			vals = Object.values(v);
		}
		let isList = true;
		for (let i = 0; i < keys.length; i++) {
			if (keys[i] !== i) {
				isList = false;
				break;
			}
		}
		if (isList) {
			return this.list(vals);
		}
		const id = this.shapeId('a', keys);
		const idx = this.shapes.get(id);
		if (idx !== undefined) {
			this.shapeRef(idx);
		} else {
			this.shapes.set(id, this.nshapes++);
			this.byte(0xd0);
			this.varint(keys.length - 1);
			for (const k of keys) {
				this.key(k);
			}
		}
		return vals;
	}

	list(a) {
		const n = a.length;
		if (n < 16) {
			this.byte(0x90 + n);
		} else {
			this.byte(0xcf);
			this.varint(n - 16);
		}
		return a;
	}

	// an object value met for the first time, its slot taken already: writes its header and
	// returns the values it holds (null for none)
	object(o) {
		if (o instanceof PhpObject) {
			const keys = o.properties.map(p => typeof p.key === 'bigint' ? intValue(p.key) : p.key);
			const id = this.shapeId('o' + (typeof o.className === 'string' ? 's' + o.className : 'b' + latin1(o.className)) + '|', keys);
			const idx = this.shapes.get(id);
			if (idx !== undefined) {
				this.shapeRef(idx);
			} else {
				this.shapes.set(id, this.nshapes++);
				this.byte(0xd1);
				this.cls(o.className);
				this.varint(keys.length);
				for (const k of keys) {
					this.key(k);
				}
			}
			return o.properties.map(p => p.value);
		}
		if (o instanceof PhpObjectData) {
			this.byte(0xd3);
			this.cls(o.className);
			// the payload takes no slot (§9)
			return this.array(o.data);
		}
		if (o instanceof PhpSerializable) {
			const n = o.slots || 0;
			this.byte(n > 0 ? 0xd8 : 0xd4);
			this.cls(o.className);
			if (n > 0) {
				this.varint(n - 1);
				if (o.nestedRefs) {
					this.refs = true;
				}
			}
			this.varint(o.payload.length);
			this.ensure(o.payload.length);
			this.buf.set(o.payload, this.p);
			this.p += o.payload.length;
			this.nslots += n;
			return null;
		}
		this.byte(0xd5);
		this.cls(o.className);
		this.str(o.caseName);
		return null;
	}

	cls(c) {
		if (c.length === 0) {
			throw new TypeError('a class name must not be empty');
		}
		this.str(c);
	}

	// writes one value's tag and header, or all of it; returns the values a container holds,
	// to be written next (null or empty for none)
	head(v) {
		// a PhpRef met first is written as its value: a loop, as a PhpRef may hold another
		while (v instanceof PhpRef) {
			const target = isObjectValue(v.value) ? v.value : v;
			const s = this.seen.get(target);
			if (s !== undefined) {
				this.refs = true;
				this.marks++;
				this.byte(0xd7);
				this.varint(s - 1);
				return null;
			}
			this.seen.set(target, this.nslots + 1);
			this.marks++;
			if (target !== v) {
				this.nslots++;
				return this.object(target);
			}
			v = v.value;
		}
		switch (typeof v) {
		case 'number':
			this.nslots++;
			if (Number.isSafeInteger(v)) {
				this.int(v);
			} else {
				this.float(v);
			}
			return null;
		case 'string':
			this.nslots++;
			this.str(v);
			return null;
		case 'boolean':
			this.nslots++;
			this.byte(v ? 0xc2 : 0xc1);
			return null;
		case 'bigint':
			this.nslots++;
			this.int(v);
			return null;
		case 'undefined':
			this.nslots++;
			this.byte(0xc0);
			return null;
		default:
			break;
		}
		if (v === null) {
			this.nslots++;
			this.byte(0xc0);
			return null;
		}
		if (v instanceof PhpFloat) {
			this.nslots++;
			this.float(v.value, v.bits);
			return null;
		}
		if (v instanceof Uint8Array) {
			this.nslots++;
			this.str(v);
			return null;
		}
		if (isObjectValue(v)) {
			const s = this.seen.get(v);
			this.nslots++;
			if (s !== undefined) {
				this.refs = true;
				this.byte(0xd6);
				this.varint(s - 1);
				return null;
			}
			this.seen.set(v, this.nslots);
			this.marks++;
			return this.object(v);
		}
		if (v instanceof OuterSlot) {
			this.refs = true;
			if (!v.isRef) {
				this.nslots++;
			} else {
				this.marks++;
			}
			this.byte(v.isRef ? 0xd7 : 0xd6);
			this.varint(v.slot - 1);
			return null;
		}
		this.nslots++;
		const shared = this.arrs.get(v);
		if (shared !== undefined) {
			this.refs = true;
			this.byte(0xd9);
			this.varint(shared - 1);
			return null;
		}
		this.opened = v;
		return this.array(v);
	}

	// the value and all it holds, depth first in the order of its slots (§9), with the
	// containers being written on a stack of their own, not the call stack: any depth
	value(v) {
		// per open container: the array value it is (null for an object), its slot, and
		// `marks` when it began (§9.1)
		const lists = [], idxs = [], arrs = [], slots = [], marks = [];
		this.opened = null;
		let a = this.head(v), i = 0, sp = 0;
		let arr = this.opened, slot = this.nslots, mark = this.marks;
		if (a === null || a.length === 0) {
			return;
		}
		for (;;) {
			if (i === a.length) {
				if (arr !== null && mark === this.marks && !this.arrs.has(arr)) {
					this.arrs.set(arr, slot);
				}
				if (sp === 0) {
					return;
				}
				sp--;
				a = lists[sp];
				i = idxs[sp];
				arr = arrs[sp];
				slot = slots[sp];
				mark = marks[sp];
				continue;
			}
			this.opened = null;
			const k = this.head(a[i++]);
			if (k !== null && k.length > 0) {
				lists[sp] = a;
				idxs[sp] = i;
				arrs[sp] = arr;
				slots[sp] = slot;
				marks[sp] = mark;
				sp++;
				a = k;
				i = 0;
				arr = this.opened;
				slot = this.nslots;
				mark = this.marks;
			}
		}
	}
}

/**
 * Encodes a value as zser_serialize() would (see README.md for the value model).
 * options.base: write a nested blob (§8.3) whose outer blob had taken `base` slots.
 * Returns a new Uint8Array.
 */
export function encode(value, options = {}) {
	const e = new Encoder();
	const base = options.base;
	e.byte(0x5a);
	e.byte(0x01);
	if (base !== undefined) {
		if (!Number.isInteger(base) || base < 1 || base > MAX_ENTRIES) {
			throw new RangeError('base must be an integer from 1');
		}
		e.buf[1] |= 0x40;
		e.varint(base - 1);
		e.nslots = base;
	}
	e.value(value);
	if (e.refs) {
		e.buf[1] |= 0x80;
	}
	return e.buf.slice(0, e.p);
}
