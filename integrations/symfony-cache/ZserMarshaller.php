<?php
// zser — SPDX-License-Identifier: MIT
//
// A Symfony Cache marshaller that stores values as zser blobs. MarshallerInterface is the same
// from Symfony 5.4 to 7, so this one class serves them all (the `: mixed` return type is
// compatible with 5.4's untyped unmarshall()).

namespace Zser\Symfony;

use Symfony\Component\Cache\Marshaller\MarshallerInterface;

final class ZserMarshaller implements MarshallerInterface
{
    /**
     * @param MarshallerInterface|null $legacy reads the entries that are not zser blobs (those
     *        written before the switch, e.g. by Symfony's DefaultMarshaller); without it such an
     *        entry is a miss
     * @param bool $throwOnSerializationFailure throw a ValueError instead of listing the key in
     *        $failed (Symfony's DefaultMarshaller offers the same choice)
     */
    public function __construct(
        private ?MarshallerInterface $legacy = null,
        private bool $throwOnSerializationFailure = false,
    ) {
        if (!\function_exists('zser_serialize')) {
            throw new \LogicException('The zser extension is not loaded.');
        }
    }

    public function marshall(array $values, ?array &$failed): array
    {
        $failed = [];
        $out = [];
        foreach ($values as $id => $value) {
            try {
                $out[$id] = zser_serialize($value);
            } catch (\Exception $e) {
                // a closure, an anonymous class, a resource inside the value: not cacheable
                if ($this->throwOnSerializationFailure) {
                    throw new \ValueError($e->getMessage(), 0, $e);
                }
                $failed[] = $id;
            }
        }
        return $out;
    }

    public function unmarshall(string $value): mixed
    {
        // A class that no longer exists must not come back as __PHP_Incomplete_Class: the entry
        // is then a miss, and the caller computes the value again.
        $previous = ini_set('unserialize_callback_func', self::class . '::classNotFound');
        try {
            return zser_unserialize($value, ['throw_on_error' => true]);
        } catch (\ZserException $e) {
            if ($e->getCode() === \ZserException::NOT_ZSER && $this->legacy !== null) {
                return $this->legacy->unmarshall($value);
            }
            throw $e;
        } finally {
            ini_set('unserialize_callback_func', $previous);
        }
    }

    /** @internal called through unserialize_callback_func for a class no autoloader found */
    public static function classNotFound(string $class): void
    {
        throw new \DomainException('Class not found: ' . $class);
    }
}
