<?php
// zser — SPDX-License-Identifier: MIT
//
// PHP 8.4 objects for the differential suites, required only from PHP 8.4 on (the syntax does
// not parse before): property hooks (backed and virtual, get and set), asymmetric visibility,
// a readonly class, and lazy ghosts and proxies of them. A lazy object is initialised by the
// first encoder that reads it, so a suite that met one (diff84_made_lazy()) builds the value
// afresh for each encoder it compares.

class D84Hooked
{
    public mixed $plain = null;
    public mixed $backed = 1 {
        get => is_int($this->backed) ? $this->backed * 2 : $this->backed;
        set => $value;
    }
    public mixed $virt {
        get => [$this->plain, 'virtual'];
    }
    public mixed $setOnly = 's' {
        set => $value;
    }
    public mixed $writeOnly {
        set { $this->plain = $value; }
    }
    protected mixed $prot = 'p';
    private mixed $priv {
        get => 'private';
    }
}

class D84Serializable implements JsonSerializable
{
    public mixed $v = null;
    public mixed $twice {
        get => [$this->v, $this->v];
    }
    public function jsonSerialize(): mixed { return ['twice' => $this->twice]; }
}

final class D84Asym
{
    public private(set) mixed $a = null;
    public protected(set) mixed $b = [];
    public function __construct(mixed $a, mixed $b)
    {
        $this->a = $a;
        $this->b = $b;
    }
}

readonly class D84Frozen
{
    public function __construct(public mixed $v, public int $id) {}
}

$GLOBALS['diff84_lazy'] = false;

// True once since the last call when a lazy object was made.
function diff84_made_lazy(): bool
{
    $made = $GLOBALS['diff84_lazy'];
    $GLOBALS['diff84_lazy'] = false;
    return $made;
}

// One PHP 8.4 object holding values from $inner (called now, not when a lazy object is
// initialised, so that the random sequence stays the same whoever initialises it).
function diff84_value(Closure $inner, bool $json = false): object
{
    $a = $inner();
    $b = $inner();
    $kind = mt_rand(0, $json ? 4 : 3);
    $make = match ($kind) {
        0 => function () use ($a, $b) {
            $o = new D84Hooked();
            $o->plain = $a;
            $o->backed = $b;
            return $o;
        },
        1 => fn () => new D84Asym($a, $b),
        2 => fn () => new D84Frozen($a, mt_rand(0, 9)),
        3 => function () use ($a) {
            $o = new D84Hooked();
            $o->writeOnly = $a;
            return $o;
        },
        default => function () use ($a) {
            $o = new D84Serializable();
            $o->v = $a;
            return $o;
        },
    };
    $plain = $make();
    $class = get_class($plain);
    $r = new ReflectionClass($class);
    switch (mt_rand(0, 3)) {
        case 0:
            return $plain;
        case 1:
            // a ghost: the initialiser copies the finished object's state in
            $GLOBALS['diff84_lazy'] = true;
            return $r->newLazyGhost(function ($o) use ($plain, $r) {
                foreach ($r->getProperties() as $p) {
                    if (!$p->isStatic() && !$p->isVirtual() && $p->isInitialized($plain)) {
                        $p->setRawValueWithoutLazyInitialization($o, $p->getRawValue($plain));
                    }
                }
            }, mt_rand(0, 3) ? 0 : ReflectionClass::SKIP_INITIALIZATION_ON_SERIALIZE);
        case 2:
            $GLOBALS['diff84_lazy'] = true;
            return $r->newLazyProxy(fn () => $plain);
        default:
            // a proxy initialised already: read through its instance
            $p = $r->newLazyProxy(fn () => $plain);
            $r->initializeLazyObject($p);
            return $p;
    }
}
