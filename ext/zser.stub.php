<?php

/** @generate-class-entries */

/**
 * @var int
 * @cvalue PHP_JSON_HEX_TAG
 */
const JSOND_HEX_TAG = UNKNOWN;

/**
 * @var int
 * @cvalue PHP_JSON_HEX_AMP
 */
const JSOND_HEX_AMP = UNKNOWN;

/**
 * @var int
 * @cvalue PHP_JSON_HEX_APOS
 */
const JSOND_HEX_APOS = UNKNOWN;

/**
 * @var int
 * @cvalue PHP_JSON_HEX_QUOT
 */
const JSOND_HEX_QUOT = UNKNOWN;

/**
 * @var int
 * @cvalue PHP_JSON_FORCE_OBJECT
 */
const JSOND_FORCE_OBJECT = UNKNOWN;

/**
 * @var int
 * @cvalue PHP_JSON_NUMERIC_CHECK
 */
const JSOND_NUMERIC_CHECK = UNKNOWN;

/**
 * @var int
 * @cvalue PHP_JSON_UNESCAPED_SLASHES
 */
const JSOND_UNESCAPED_SLASHES = UNKNOWN;

/**
 * @var int
 * @cvalue PHP_JSON_PRETTY_PRINT
 */
const JSOND_PRETTY_PRINT = UNKNOWN;

/**
 * @var int
 * @cvalue PHP_JSON_UNESCAPED_UNICODE
 */
const JSOND_UNESCAPED_UNICODE = UNKNOWN;

/**
 * @var int
 * @cvalue PHP_JSON_PARTIAL_OUTPUT_ON_ERROR
 */
const JSOND_PARTIAL_OUTPUT_ON_ERROR = UNKNOWN;

/**
 * @var int
 * @cvalue PHP_JSON_PRESERVE_ZERO_FRACTION
 */
const JSOND_PRESERVE_ZERO_FRACTION = UNKNOWN;

/**
 * @var int
 * @cvalue PHP_JSON_UNESCAPED_LINE_TERMINATORS
 */
const JSOND_UNESCAPED_LINE_TERMINATORS = UNKNOWN;

/**
 * @var int
 * @cvalue PHP_JSON_OBJECT_AS_ARRAY
 */
const JSOND_OBJECT_AS_ARRAY = UNKNOWN;

/**
 * @var int
 * @cvalue PHP_JSON_BIGINT_AS_STRING
 */
const JSOND_BIGINT_AS_STRING = UNKNOWN;

/**
 * @var int
 * @cvalue PHP_JSON_INVALID_UTF8_IGNORE
 */
const JSOND_INVALID_UTF8_IGNORE = UNKNOWN;

/**
 * @var int
 * @cvalue PHP_JSON_INVALID_UTF8_SUBSTITUTE
 */
const JSOND_INVALID_UTF8_SUBSTITUTE = UNKNOWN;

/**
 * @var int
 * @cvalue PHP_JSON_THROW_ON_ERROR
 */
const JSOND_THROW_ON_ERROR = UNKNOWN;

/**
 * @var int
 * @cvalue PHP_JSON_ERROR_NONE
 */
const JSOND_ERROR_NONE = UNKNOWN;

/**
 * @var int
 * @cvalue PHP_JSON_ERROR_DEPTH
 */
const JSOND_ERROR_DEPTH = UNKNOWN;

/**
 * @var int
 * @cvalue PHP_JSON_ERROR_STATE_MISMATCH
 */
const JSOND_ERROR_STATE_MISMATCH = UNKNOWN;

/**
 * @var int
 * @cvalue PHP_JSON_ERROR_CTRL_CHAR
 */
const JSOND_ERROR_CTRL_CHAR = UNKNOWN;

/**
 * @var int
 * @cvalue PHP_JSON_ERROR_SYNTAX
 */
const JSOND_ERROR_SYNTAX = UNKNOWN;

/**
 * @var int
 * @cvalue PHP_JSON_ERROR_UTF8
 */
const JSOND_ERROR_UTF8 = UNKNOWN;

/**
 * @var int
 * @cvalue PHP_JSON_ERROR_RECURSION
 */
const JSOND_ERROR_RECURSION = UNKNOWN;

/**
 * @var int
 * @cvalue PHP_JSON_ERROR_INF_OR_NAN
 */
const JSOND_ERROR_INF_OR_NAN = UNKNOWN;

/**
 * @var int
 * @cvalue PHP_JSON_ERROR_UNSUPPORTED_TYPE
 */
const JSOND_ERROR_UNSUPPORTED_TYPE = UNKNOWN;

/**
 * @var int
 * @cvalue PHP_JSON_ERROR_INVALID_PROPERTY_NAME
 */
const JSOND_ERROR_INVALID_PROPERTY_NAME = UNKNOWN;

/**
 * @var int
 * @cvalue PHP_JSON_ERROR_UTF16
 */
const JSOND_ERROR_UTF16 = UNKNOWN;

/**
 * @var int
 * @cvalue PHP_JSON_ERROR_NON_BACKED_ENUM
 */
const JSOND_ERROR_NON_BACKED_ENUM = UNKNOWN;

/**
 * @var int
 * @cvalue ZSER_JSON_ERROR_POINTER_NOT_FOUND
 */
const JSOND_ERROR_POINTER_NOT_FOUND = UNKNOWN;
/**
 * @var int
 * @cvalue ZSER_JSON_ERROR_POINTER_NOT_CONTAINER
 */
const JSOND_ERROR_POINTER_NOT_CONTAINER = UNKNOWN;
/**
 * @var int
 * @cvalue ZSER_JSON_LINES_SKIP_INVALID
 */
const JSOND_LINES_SKIP_INVALID = UNKNOWN;
/**
 * @var int
 * @cvalue ZSER_JSON_ERROR_LOCATION
 */
const JSOND_ERROR_LOCATION = UNKNOWN;
/**
 * @var int
 * @cvalue ZSER_JSON_ALLOW_COMMENTS
 */
const JSOND_ALLOW_COMMENTS = UNKNOWN;
/**
 * @var int
 * @cvalue ZSER_JSON_ALLOW_TRAILING_COMMAS
 */
const JSOND_ALLOW_TRAILING_COMMAS = UNKNOWN;

function jsond_encode(mixed $value, int $flags = 0, int $depth = 512): string|false {}

function jsond_decode(string $json, ?bool $associative = null, int $depth = 512, int $flags = 0): mixed {}

function jsond_validate(string $json, int $depth = 512, int $flags = 0): bool {}

function jsond_last_error(): int {}

/** @refcount 1 */
function jsond_last_error_msg(): string {}

/**
 * @return array{line: int, column: int, offset: int}|null
 * @refcount 1
 */
function jsond_last_error_location(): ?array {}

function jsond_pointer_get(string $json, string $pointer, ?bool $associative = null, int $depth = 512, int $flags = 0): mixed {}

function jsond_pointer_exists(string $json, string $pointer, int $depth = 512, int $flags = 0): bool {}

function jsond_pointer_count(string $json, string $pointer, int $depth = 512, int $flags = 0): int {}

/** @param resource $stream */
function jsond_decode_lines($stream, ?bool $associative = null, int $depth = 512, int $flags = 0): JsondLines {}

/**
 * Writes exactly the bytes jsond_encode($value, $flags, $depth) returns to $stream, in
 * pieces of about 64 KiB, without building the whole text; returns the number of bytes
 * written. Errors, jsond_last_error() and JsonException are jsond_encode()'s. The text is
 * written as it is made: when false is returned (or JsonException thrown) after an error
 * found late, the stream already holds a prefix of the text, which is not valid JSON.
 * A write that falls short returns false with a warning.
 * @param resource $stream
 */
function jsond_encode_to_stream(mixed $value, $stream, int $flags = 0, int $depth = 512): int|false {}

/** @param resource $stream */
function jsond_decode_stream($stream, string $pointer = "", ?bool $associative = null, int $depth = 512, int $flags = 0): JsondStream {}

/** @param resource $stream */
function jsond_encode_lines(iterable $values, $stream, int $flags = 0, int $depth = 512): int|false {}

/** @refcount 1 */
function zser_serialize(mixed $value): string {}

function zser_unserialize(string $data, array $options = []): mixed {}

/** Objects implementing it are encoded by jsond_encode() through jsonSerialize(), as PECL jsond did. */
interface JsondSerializable
{
    /** @tentative-return-type */
    public function jsonSerialize(): mixed;
}

/**
 * The lines of jsond_decode_lines(): decoded values keyed by their 1-based line number,
 * read on demand, one pass, as a Generator would give them.
 * @strict-properties
 * @not-serializable
 */
final class JsondLines implements Iterator
{
    private function __construct() {}

    public function current(): mixed {}

    public function key(): mixed {}

    public function next(): void {}

    public function valid(): bool {}

    public function rewind(): void {}
}

/**
 * The elements of jsond_decode_stream(): the array's elements keyed 0, 1, 2... or the
 * object's members keyed by name, read on demand, one pass, as a Generator would give them.
 * @strict-properties
 * @not-serializable
 */
final class JsondStream implements Iterator
{
    private function __construct() {}

    public function current(): mixed {}

    public function key(): mixed {}

    public function next(): void {}

    public function valid(): bool {}

    public function rewind(): void {}
}

/**
 * getCode() tells the reason (docs/FORMAT.md §13): 1-99 the format errors a reader reports,
 * 100 and up the errors zser_unserialize() finds while building PHP values.
 */
class ZserException extends Exception
{
    /**
     * @var int
     * @cvalue ZS_WE_MAGIC
     */
    public const NOT_ZSER = UNKNOWN;

    /**
     * @var int
     * @cvalue ZS_WE_VERSION
     */
    public const UNSUPPORTED_VERSION = UNKNOWN;

    /**
     * @var int
     * @cvalue ZS_WE_TRUNCATED
     */
    public const TRUNCATED = UNKNOWN;

    /**
     * @var int
     * @cvalue ZS_WE_TAG
     */
    public const UNKNOWN_TAG = UNKNOWN;

    /**
     * @var int
     * @cvalue ZS_WE_VARINT
     */
    public const OVERLONG_VARINT = UNKNOWN;

    /**
     * @var int
     * @cvalue ZS_WE_INT_CANON
     */
    public const NON_CANONICAL_INT = UNKNOWN;

    /**
     * @var int
     * @cvalue ZS_WE_FLOAT_CANON
     */
    public const NON_CANONICAL_FLOAT = UNKNOWN;

    /**
     * @var int
     * @cvalue ZS_WE_INT_RANGE
     */
    public const INT_RANGE = UNKNOWN;

    /**
     * @var int
     * @cvalue ZS_WE_COUNT
     */
    public const COUNT_EXCEEDS_INPUT = UNKNOWN;

    /**
     * @var int
     * @cvalue ZS_WE_STR_INDEX
     */
    public const STRING_INDEX = UNKNOWN;

    /**
     * @var int
     * @cvalue ZS_WE_SHAPE_INDEX
     */
    public const SHAPE_INDEX = UNKNOWN;

    /**
     * @var int
     * @cvalue ZS_WE_BACKREF
     */
    public const BACKREF_RANGE = UNKNOWN;

    /**
     * @var int
     * @cvalue ZS_WE_BACKREF_TYPE
     */
    public const BACKREF_TYPE = UNKNOWN;

    /**
     * @var int
     * @cvalue ZS_WE_KEY
     */
    public const INVALID_KEY = UNKNOWN;

    /**
     * @var int
     * @cvalue ZS_WE_NUMERIC_KEY
     */
    public const NUMERIC_KEY = UNKNOWN;

    /**
     * @var int
     * @cvalue ZS_WE_DUP_KEY
     */
    public const DUPLICATE_KEY = UNKNOWN;

    /**
     * @var int
     * @cvalue ZS_WE_MAP_CANON
     */
    public const NON_CANONICAL_MAP = UNKNOWN;

    /**
     * @var int
     * @cvalue ZS_WE_CLASS
     */
    public const INVALID_CLASS_NAME = UNKNOWN;

    /**
     * @var int
     * @cvalue ZS_WE_OBJECT_DATA
     */
    public const INVALID_OBJECT_DATA = UNKNOWN;

    /**
     * @var int
     * @cvalue ZS_WE_DEPTH
     */
    public const DEPTH = UNKNOWN;

    /**
     * @var int
     * @cvalue ZS_WE_TRAILING
     */
    public const TRAILING_BYTES = UNKNOWN;

    /**
     * @var int
     * @cvalue ZS_WE_NOMEM
     */
    public const OUT_OF_MEMORY = UNKNOWN;

    /**
     * @var int
     * @cvalue ZS_WE_LIMIT
     */
    public const TABLE_LIMIT = UNKNOWN;

    /**
     * @var int
     * @cvalue ZS_WE_REF_FLAG
     */
    public const REF_FLAG_MISMATCH = UNKNOWN;

    /**
     * @var int
     * @cvalue ZS_WE_NESTED
     */
    public const NESTED_OUTSIDE = UNKNOWN;

    /**
     * @var int
     * @cvalue ZS_WE_NESTED_BASE
     */
    public const NESTED_OUT_OF_PLACE = UNKNOWN;

    /**
     * @var int
     * @cvalue ZS_WE_UNFILLED
     */
    public const UNFILLED_SLOT = UNKNOWN;

    /**
     * @var int
     * @cvalue ZS_WE_BACKREF_ARR_TYPE
     */
    public const BACKREF_NON_ARRAY = UNKNOWN;

    /**
     * @var int
     * @cvalue ZS_WE_BACKREF_ARR_OPEN
     */
    public const BACKREF_INCOMPLETE_ARRAY = UNKNOWN;

    /**
     * @var int
     * @cvalue ZS_WE_SHARED_NOT_PLAIN
     */
    public const SHARED_NOT_PLAIN = UNKNOWN;

    /**
     * @var int
     * @cvalue ZS_WE_REF_INTO_SHARED
     */
    public const REF_INTO_SHARED = UNKNOWN;

    /**
     * @var int
     * @cvalue ZSER_E_UNSERIALIZE_FAILED
     */
    public const UNSERIALIZE_FAILED = UNKNOWN;

    /**
     * @var int
     * @cvalue ZSER_E_ENUM_CLASS
     */
    public const ENUM_CLASS_NOT_FOUND = UNKNOWN;

    /**
     * @var int
     * @cvalue ZSER_E_NOT_ENUM
     */
    public const NOT_AN_ENUM = UNKNOWN;

    /**
     * @var int
     * @cvalue ZSER_E_ENUM_CASE
     */
    public const ENUM_CASE_NOT_FOUND = UNKNOWN;

    /**
     * @var int
     * @cvalue ZSER_E_PROPERTY_NAME
     */
    public const INVALID_PROPERTY_NAME = UNKNOWN;

    /**
     * @var int
     * @cvalue ZSER_E_LEGACY_DATA
     */
    public const INVALID_LEGACY_DATA = UNKNOWN;

    /**
     * @var int
     * @cvalue ZSER_E_LEGACY_REFUSED
     */
    public const LEGACY_REFUSED = UNKNOWN;
}
