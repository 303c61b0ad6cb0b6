/* zser — SPDX-License-Identifier: MIT
 *
 * The classes the decoding targets define in their request (fz_set_prelude) and the
 * catalogue fuzz_gen.h builds objects of: declared public, protected and private properties,
 * a private property redeclared by a subclass (one name, two manglings), typed and readonly
 * properties, __wakeup, __sleep, __serialize/__unserialize (one that throws), Serializable, a
 * destructor, backed and pure enums. Their magic methods are fixed points (decoding what they
 * wrote gives the same object), so the read -> write -> read check holds for them.
 */
#ifndef FUZZ_CLASSES_H
#define FUZZ_CLASSES_H

#include "fuzz_gen.h"

static const char fz_classes_prelude[] =
        "class FzPlain { public $a = 1; protected $b = 'b'; private $c = [1]; public $d; }\n"
        "class FzChild extends FzPlain { private $c = 'own'; protected $e; public int $g = 3; }\n"
        "class FzTyped { public int $i = 0; public ?string $s = null; public array $l = [];\n"
        "  public ?FzTyped $next = null; protected float $f = 1.5; private bool $t = false;\n"
        "  public readonly int $ro; protected readonly array $ra; }\n"
        "class FzWake { public $w = 0; protected $p; private $q;\n"
        "  public function __wakeup() { $this->w = is_int($this->w) ? $this->w : -1; } }\n"
        "class FzSleep { public $keep = 1; protected $p = 2; private $q = 3; public $drop;\n"
        "  public function __sleep() { return ['keep', 'p', 'q']; } }\n"
        "class FzMagic { public $x; private $y;\n"
        "  public function __serialize(): array { return ['x' => $this->x, 'y' => $this->y]; }\n"
        "  public function __unserialize(array $d): void { $this->x = $d['x'] ?? null; $this->y = "
        "array_key_exists('y', $d) ? $d['y'] : count($d); } }\n"
        "class FzStrict { public int $n = 0;\n"
        "  public function __serialize(): array { return [$this->n]; }\n"
        "  public function __unserialize(array $d): void {\n"
        "    if (!is_int($d[0] ?? null)) { throw new UnexpectedValueException('not an int'); }\n"
        "    $this->n = $d[0]; } }\n"
        "class FzOld implements Serializable { public $v;\n"
        "  public function serialize() { return is_scalar($this->v) ? (string)$this->v : ''; }\n"
        "  public function unserialize($d) { $this->v = $d; } }\n"
        "class FzDtor { public $v; protected $w; public function __destruct() { $this->v = 'gone'; "
        "} }\n"
        "enum FzSuit: string { case Hearts = 'H'; case Spades = 'S'; const X = 1; }\n"
        "enum FzUnit { case One; case Two; }\n";

static const fg_prop plain_props[] = {
        {"a", FG_PUB, NULL, FG_T_ANY},
        {"b", FG_PROT, NULL, FG_T_ANY},
        {"c", FG_PRIV, "FzPlain", FG_T_ANY},
        {"d", FG_PUB, NULL, FG_T_ANY},
};
static const fg_prop child_props[] = {
        {"e", FG_PROT, NULL, FG_T_ANY},       {"g", FG_PUB, NULL, FG_T_INT},
        {"c", FG_PRIV, "FzChild", FG_T_NSTR}, {"a", FG_PUB, NULL, FG_T_ANY},
        {"b", FG_PROT, NULL, FG_T_ANY},       {"c", FG_PRIV, "FzPlain", FG_T_ARR},
        {"d", FG_PUB, NULL, FG_T_ANY},
};
static const fg_prop typed_props[] = {
        {"i", FG_PUB, NULL, FG_T_INT},    {"s", FG_PUB, NULL, FG_T_NSTR},
        {"l", FG_PUB, NULL, FG_T_ARR},    {"next", FG_PUB, NULL, FG_T_SELF},
        {"f", FG_PROT, NULL, FG_T_FLOAT}, {"t", FG_PRIV, "FzTyped", FG_T_BOOL},
        {"ro", FG_PUB, NULL, FG_T_INT},   {"ra", FG_PROT, NULL, FG_T_ARR},
};
static const fg_prop wake_props[] = {
        {"w", FG_PUB, NULL, FG_T_INT},
        {"p", FG_PROT, NULL, FG_T_ANY},
        {"q", FG_PRIV, "FzWake", FG_T_ANY},
};
static const fg_prop sleep_props[] = {
        {"keep", FG_PUB, NULL, FG_T_ANY},
        {"p", FG_PROT, NULL, FG_T_ANY},
        {"q", FG_PRIV, "FzSleep", FG_T_ANY},
};
static const fg_prop dtor_props[] = {
        {"v", FG_PUB, NULL, FG_T_ANY},
        {"w", FG_PROT, NULL, FG_T_ANY},
};
static const char *const suit_cases[] = {"Hearts", "Spades", "X", "Clubs", NULL};
static const char *const unit_cases[] = {"One", "Two", "one", NULL};

static const fg_class fz_classes[] = {
        {"FzPlain", FG_C_PROPS, plain_props, 4, NULL, false},
        {"FzChild", FG_C_PROPS, child_props, 7, NULL, false},
        {"FzTyped", FG_C_PROPS, typed_props, 8, NULL, false},
        {"FzWake", FG_C_PROPS, wake_props, 3, NULL, false},
        {"FzSleep", FG_C_PROPS, sleep_props, 3, NULL, false},
        {"FzDtor", FG_C_PROPS, dtor_props, 2, NULL, false},
        {"stdClass", FG_C_PROPS, plain_props, 1, NULL, false},
        {"FzMagic", FG_C_DATA, NULL, 0, NULL, false},
        {"FzStrict", FG_C_DATA, NULL, 0, NULL, false},
        {"ArrayObject", FG_C_DATA, NULL, 0, NULL, false},
        {"FzOld", FG_C_BLOB, NULL, 0, NULL, false},
        {"FzSuit", FG_C_ENUM, NULL, 0, suit_cases, false},
        {"FzUnit", FG_C_ENUM, NULL, 0, unit_cases, false},
};

#endif /* FUZZ_CLASSES_H */
