// zser — SPDX-License-Identifier: MIT
// Types of zser.mjs: the value model of decode() and encode() (README.md).

export declare const FORMAT_VERSION: 1;
export declare const DEFAULT_MAX_DEPTH: 4096;

/** FORMAT.md §13 error codes by the names of ZserException's constants. */
export declare const ErrorCode: Readonly<{
	NOT_ZSER: 1; UNSUPPORTED_VERSION: 2; TRUNCATED: 3; UNKNOWN_TAG: 4; OVERLONG_VARINT: 5;
	NON_CANONICAL_INT: 6; NON_CANONICAL_FLOAT: 7; INT_RANGE: 8; COUNT_EXCEEDS_INPUT: 9;
	STRING_INDEX: 10; SHAPE_INDEX: 11; BACKREF_RANGE: 12; BACKREF_TYPE: 13; INVALID_KEY: 14;
	NUMERIC_KEY: 15; DUPLICATE_KEY: 16; NON_CANONICAL_MAP: 17; INVALID_CLASS_NAME: 18;
	INVALID_OBJECT_DATA: 19; DEPTH: 20; TRAILING_BYTES: 21; OUT_OF_MEMORY: 22; TABLE_LIMIT: 23;
	REF_FLAG_MISMATCH: 24; NESTED_OUTSIDE: 25; NESTED_OUT_OF_PLACE: 26; UNFILLED_SLOT: 27;
	BACKREF_NON_ARRAY: 28; BACKREF_INCOMPLETE_ARRAY: 29; SHARED_NOT_PLAIN: 30;
	REF_INTO_SHARED: 31;
}>;

/** A refused blob: `code` and `offset` are those the C reader reports. */
export declare class ZserError extends Error {
	/** FORMAT.md §13 number */
	code: number;
	/** the ZserException constant's name, e.g. "TRUNCATED" */
	name: string;
	/** byte offset from the first header byte */
	offset: number;
}

/** A PHP string: a JS string when the bytes are valid UTF-8, else the bytes. */
export type PhpString = string | Uint8Array;
/** An integer: a number within ±(2^53 - 1), else a bigint. */
export type PhpInt = number | bigint;
export type PhpKey = PhpInt | PhpString;

export type PhpValue =
	| null | boolean | PhpInt | number | PhpFloat | PhpString
	| PhpValue[] | Map<PhpKey, PhpValue>
	| PhpObject | PhpObjectData | PhpSerializable | PhpEnum | PhpRef | OuterSlot;

/** Values encode() also takes: undefined as null, plain objects as maps of their own keys. */
export type EncodableValue = PhpValue | undefined | EncodableValue[] |
	Map<PhpKey, EncodableValue> | {[key: string]: EncodableValue};

/** A float that a number would make an int: integral values, -0 and NaN (with its bits). */
export declare class PhpFloat {
	constructor(value: number, bits?: bigint);
	value: number;
	/** a NaN's 64 bits (payload and sign), undefined for other values */
	bits: bigint | undefined;
	valueOf(): number;
}

/** A PHP `&` reference: every place holding the same PhpRef shares it. */
export declare class PhpRef<T = PhpValue> {
	constructor(value: T);
	value: T;
}

export declare class PhpProperty {
	constructor(key: PhpKey, value: PhpValue);
	static of(name: string, value: PhpValue, visibility?: 'public' | 'protected' | 'private',
	          declaringClass?: string | null): PhpProperty;
	/** the name as stored: "\0*\0name" protected, "\0Class\0name" private */
	key: PhpKey;
	name: PhpKey;
	visibility: 'public' | 'protected' | 'private';
	/** the class that declares a private property, else null */
	declaringClass: string | null;
	value: PhpValue;
}

export declare class PhpObject {
	constructor(className: PhpString, properties?: PhpProperty[]);
	className: PhpString;
	properties: PhpProperty[];
	get(name: string): PhpValue | undefined;
}

/** An object from __serialize(): `data` is the array it returned. */
export declare class PhpObjectData {
	constructor(className: PhpString, data: PhpValue[] | Map<PhpKey, PhpValue>);
	className: PhpString;
	data: PhpValue[] | Map<PhpKey, PhpValue>;
}

/** A Serializable object: the string its serialize() returned. */
export declare class PhpSerializable {
	constructor(className: PhpString, payload: Uint8Array, slots?: number, nestedRefs?: boolean);
	className: PhpString;
	payload: Uint8Array;
	/** slots its payload's nested zser blobs took (OBJECT_BLOB_SLOTS), else 0 */
	slots: number;
	/** the blob had the reference flag (kept for byte-identical re-encoding) */
	nestedRefs: boolean;
}

export declare class PhpEnum {
	constructor(className: PhpString, caseName: PhpString);
	className: PhpString;
	caseName: PhpString;
}

/** In a nested blob: a back-reference to a slot of the outer blob, or to a reserved slot. */
export declare class OuterSlot {
	constructor(slot: number, isRef: boolean);
	slot: number;
	isRef: boolean;
}

export interface DecodeOptions {
	/** nesting limit (FORMAT.md §11), default 4096; 0 or Infinity: none (as max_depth 0) */
	maxDepth?: number;
}

export interface EncodeOptions {
	/** write a nested blob whose outer blob had taken `base` slots (FORMAT.md §8.3) */
	base?: number;
}

/**
 * A shared array (BACKREF_ARR, FORMAT.md §9.1) decodes to the very Array or Map of the array it
 * names, not a copy: PHP's copies separate on write, JS arrays do not, so copy a decoded array
 * before changing it when it may be shared.
 */
export declare function decode(bytes: Uint8Array | ArrayBuffer | ArrayBufferView,
                               options?: DecodeOptions): PhpValue;
/**
 * An Array, Map or plain object met again (the same JS object, not an equal one) is written as
 * BACKREF_ARR to its first complete copy when that copy holds no object written in full and no
 * PhpRef (FORMAT.md §9.1), as zser_serialize() writes a PHP array met again.
 */
export declare function encode(value: EncodableValue, options?: EncodeOptions): Uint8Array;
export declare function decodeHeader(bytes: Uint8Array | ArrayBuffer | ArrayBufferView):
	{version: 1; refs: boolean; nested: boolean; base: number; size: number};
