<?php
/* zser — SPDX-License-Identifier: MIT
 *
 * Inputs of the benchmarks, all generated deterministically here (a fixed-seed LCG, never
 * mt_rand or the clock) so that every machine measures the same bytes: the five strings of the
 * classic jsond comparison with a synthetic PHP-FPM $_SERVER, and the datasets of the binary
 * serializer table. The JSON corpora are read from the shared data beside the repository.
 */

declare(strict_types=1);

/** Deterministic 31-bit LCG (glibc constants): the same sequence on every PHP build. */
final class BenchRng
{
	private int $s;

	public function __construct(int $seed)
	{
		$this->s = $seed & 0x7fffffff;
	}

	public function next(int $max): int
	{
		$this->s = (1103515245 * $this->s + 12345) & 0x7fffffff;
		return ($this->s >> 8) % $max;
	}

	public function pick(array $list): mixed
	{
		return $list[$this->next(count($list))];
	}
}

const LOREM = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor '
	. 'incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud '
	. 'exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat. Duis aute irure dolor '
	. 'in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla pariatur. Excepteur '
	. 'sint occaecat cupidatat non proident, sunt in culpa qui officia deserunt mollit anim id est '
	. 'laborum. Sed ut perspiciatis unde omnis iste natus error sit voluptatem accusantium '
	. 'doloremque laudantium, totam rem aperiam, eaque ipsa quae ab illo inventore veritatis et '
	. 'quasi architecto beatae vitae dicta sunt explicabo. Nemo enim ipsam voluptatem quia voluptas '
	. 'sit aspernatur aut odit aut fugit, sed quia consequuntur magni dolores eos qui ratione '
	. 'voluptatem sequi nesciunt. Neque porro quisquam est.';

/**
 * A $_SERVER as PHP-FPM behind nginx fills it for a typical browser request: 60 entries, fixed
 * so the classic fifth string is the same everywhere (the real $_SERVER of the CLI is not).
 */
function bench_fake_server(): array
{
	$root = '/srv/www/shop/public';
	$ua = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) '
		. 'Chrome/120.0.0.0 Safari/537.36';
	return [
		'USER' => 'www-data',
		'HOME' => '/var/www',
		'HTTP_COOKIE' => 'PHPSESSID=9k2l3m4n5o6p7q8r9s0t1u2v3w; cart=eyJpdGVtcyI6WzEsMiwzXX0%3D; lang=en',
		'HTTP_ACCEPT_LANGUAGE' => 'en-GB,en;q=0.9,de;q=0.8,fr;q=0.7',
		'HTTP_ACCEPT_ENCODING' => 'gzip, deflate, br',
		'HTTP_REFERER' => 'https://shop.example.com/catalog/shoes?page=2&sort=price',
		'HTTP_SEC_FETCH_DEST' => 'document',
		'HTTP_SEC_FETCH_USER' => '?1',
		'HTTP_SEC_FETCH_MODE' => 'navigate',
		'HTTP_SEC_FETCH_SITE' => 'same-origin',
		'HTTP_ACCEPT' => 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
		'HTTP_USER_AGENT' => $ua,
		'HTTP_UPGRADE_INSECURE_REQUESTS' => '1',
		'HTTP_SEC_CH_UA_PLATFORM' => '"Linux"',
		'HTTP_SEC_CH_UA_MOBILE' => '?0',
		'HTTP_SEC_CH_UA' => '"Not_A Brand";v="8", "Chromium";v="120", "Google Chrome";v="120"',
		'HTTP_CACHE_CONTROL' => 'max-age=0',
		'HTTP_CONNECTION' => 'keep-alive',
		'HTTP_DNT' => '1',
		'HTTP_X_FORWARDED_FOR' => '203.0.113.42, 10.0.0.7',
		'HTTP_X_FORWARDED_PROTO' => 'https',
		'HTTP_X_REAL_IP' => '203.0.113.42',
		'HTTP_X_REQUEST_ID' => '5f0c6b7e2d9a4c1b8e3f7a6d5c4b3a29',
		'HTTP_HOST' => 'shop.example.com',
		'REDIRECT_STATUS' => '200',
		'SERVER_NAME' => 'shop.example.com',
		'SERVER_PORT' => '443',
		'SERVER_ADDR' => '10.0.0.12',
		'REMOTE_PORT' => '53412',
		'REMOTE_ADDR' => '10.0.0.7',
		'SERVER_SOFTWARE' => 'nginx/1.22.1',
		'GATEWAY_INTERFACE' => 'CGI/1.1',
		'HTTPS' => 'on',
		'REQUEST_SCHEME' => 'https',
		'SERVER_PROTOCOL' => 'HTTP/2.0',
		'DOCUMENT_ROOT' => $root,
		'DOCUMENT_URI' => '/index.php',
		'REQUEST_URI' => '/catalog/shoes/running?page=3&sort=price&filter%5Bsize%5D=42',
		'SCRIPT_NAME' => '/index.php',
		'SCRIPT_FILENAME' => $root . '/index.php',
		'CONTENT_LENGTH' => '',
		'CONTENT_TYPE' => '',
		'REQUEST_METHOD' => 'GET',
		'QUERY_STRING' => 'page=3&sort=price&filter%5Bsize%5D=42',
		'PATH_INFO' => '',
		'PATH_TRANSLATED' => $root,
		'FCGI_ROLE' => 'RESPONDER',
		'PHP_SELF' => '/index.php',
		'APP_ENV' => 'production',
		'APP_DEBUG' => '0',
		'APP_SECRET' => 'c2f1b0e9d8c7b6a5f4e3d2c1b0a9f8e7',
		'DATABASE_URL' => 'mysql://shop:secret@db.internal:3306/shop?serverVersion=8.0&charset=utf8mb4',
		'REDIS_URL' => 'redis://cache.internal:6379/0',
		'MAILER_DSN' => 'smtp://mail.internal:25',
		'TRUSTED_PROXIES' => '10.0.0.0/8,172.16.0.0/12',
		'PATH' => '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
		'HOSTNAME' => 'web-7c9d8f6b5-x2k4q',
		'TZ' => 'Europe/Berlin',
		'REQUEST_TIME_FLOAT' => 1700000000.123456,
		'REQUEST_TIME' => 1700000000,
	];
}

/** The five strings of the classic jsond benchmark, by display name. */
function bench_classic_json(): array
{
	$server = bench_fake_server();
	return [
		'nested mixed' => '{"i": 23, "array": [1, null, false, true, ["aha", "baba", 23, {"test": 23}]]}',
		'int list' => '[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]',
		'one float' => '{"a": 23.2234232}',
		'long string' => '{"long-str": "' . LOREM . '"}',
		'$_SERVER x2' => json_encode(['a' => $server, 'b' => $server]),
	];
}

/** The JSON corpora of the shared benchmark data: name => path, sorted by name. */
function bench_json_corpora(): array
{
	$out = [];
	foreach (glob(bench_corpus_dir() . '/*.json') ?: [] as $path) {
		$out[basename($path, '.json')] = $path;
	}
	ksort($out);
	return $out;
}

/* ==== binary datasets ==== */

/** The test array of the classic 2015 serializer comparison. */
function bench_battle(): array
{
	return [
		'battle_id' => 257,
		'user_id' => 41248,
		'user_id2' => 23989,
		'player' => 41248,
		'formation' => ['41248' => 1, '23989' => 2],
		'result' => 1,
		'battle_type' => 1,
		'speed' => ['41248' => 0, '23989' => 0],
	];
}

/** The classic array plus a 62-round battle log: 5 int fields and a one-element list per round. */
function bench_battle_log(): array
{
	$rng = new BenchRng(62);
	$b = bench_battle();
	$b['log'] = [];
	for ($r = 1; $r <= 62; $r++) {
		$b['log'][] = [
			'round' => $r,
			'attacker' => $r % 2 ? 41248 : 23989,
			'target' => $r % 2 ? 23989 : 41248,
			'damage' => $rng->next(2000),
			'hp' => $rng->next(50000),
			'effects' => [$rng->next(40)],
		];
	}
	return $b;
}

/** One row of a user table held as typed properties. */
final class BenchUser
{
	public int $id;
	public string $name;
	public string $email;
	public ?string $nickname;
	public float $balance;
	public bool $active;
	public int $createdAt;
	public array $roles;
}

/** @return list<BenchUser> */
function bench_objects(int $count = 1000): array
{
	$rng = new BenchRng(1000);
	$first = ['Anna', 'Ben', 'Clara', 'David', 'Eva', 'Felix', 'Greta', 'Hugo', 'Ida', 'Jonas'];
	$last = ['Meyer', 'Schmidt', 'Nowak', 'Rossi', 'Dubois', 'Smith', 'Jensen', 'García'];
	$roles = ['user', 'editor', 'admin', 'support', 'billing'];
	$out = [];
	for ($i = 0; $i < $count; $i++) {
		$u = new BenchUser();
		$u->id = 100000 + $i;
		$u->name = $rng->pick($first) . ' ' . $rng->pick($last);
		$u->email = strtolower(str_replace(' ', '.', $u->name)) . $i . '@example.com';
		$u->nickname = $rng->next(3) === 0 ? null : 'nick' . $rng->next(100000);
		$u->balance = $rng->next(1000000) / 100;
		$u->active = $rng->next(4) !== 0;
		$u->createdAt = 1600000000 + $rng->next(100000000);
		$u->roles = $rng->next(5) === 0 ? ['user', $rng->pick($roles)] : ['user'];
		$out[] = $u;
	}
	return $out;
}

/** Rows as a database driver returns them (every column a string), many repeated values. */
function bench_table(int $rows = 5000): array
{
	$rng = new BenchRng(5000);
	$words = explode(' ', str_replace([',', '.'], '', strtolower(LOREM)));
	$cats = ['shoes', 'shirts', 'trousers', 'jackets', 'hats', 'socks', 'bags', 'belts',
		'gloves', 'scarves', 'watches', 'sunglasses'];
	$cities = ['Berlin', 'München', 'Köln', 'Zürich', 'Wien', 'Paris', 'Lyon', 'Kraków', 'Århus'];
	$status = ['active', 'archived', 'draft', 'sold out'];
	$out = [];
	for ($i = 0; $i < $rows; $i++) {
		$title = [];
		for ($k = 3 + $rng->next(4); $k > 0; $k--) {
			$title[] = $rng->pick($words);
		}
		$desc = [];
		for ($k = 10 + $rng->next(20); $k > 0; $k--) {
			$desc[] = $rng->pick($words);
		}
		$out[] = [
			'id' => (string)(1 + $i),
			'sku' => sprintf('SKU-%06d', $rng->next(1000000)),
			'title' => ucfirst(implode(' ', $title)),
			'description' => ucfirst(implode(' ', $desc)) . '.',
			'category' => $rng->pick($cats),
			'city' => $rng->pick($cities),
			'price' => sprintf('%d.%02d', $rng->next(500), $rng->next(100)),
			'stock' => (string)$rng->next(1000),
			'status' => $rng->pick($status),
			'created_at' => sprintf('2024-%02d-%02d %02d:%02d:%02d', 1 + $rng->next(12),
				1 + $rng->next(28), $rng->next(24), $rng->next(60), $rng->next(60)),
		];
	}
	return $out;
}

/** A node of the reference graph. */
final class BenchNode
{
	public ?BenchNode $parent = null;
	public array $links = [];
	public int $weight = 0;

	public function __construct(public int $id, public string $label)
	{
	}
}

/**
 * A graph that only serialize() and its peers can keep: 400 nodes with parent pointers (cycles
 * through `links`), nodes shared between lists, an index holding the same objects again, PHP &
 * references between array elements and from typed properties into an array.
 */
function bench_graph(int $count = 400): array
{
	$rng = new BenchRng(400);
	$nodes = [];
	for ($i = 0; $i < $count; $i++) {
		$nodes[] = new BenchNode($i, 'node-' . $i);
	}
	foreach ($nodes as $i => $n) {
		if ($i > 0) {
			$n->parent = $nodes[$rng->next($i)];
			$n->parent->links[] = $n;
		}
		for ($k = $rng->next(3); $k > 0; $k--) {
			$n->links[] = $nodes[$rng->next($count)];
		}
	}
	$g = ['nodes' => $nodes, 'byLabel' => [], 'counters' => array_fill(0, 100, 0), 'aliases' => []];
	foreach ($nodes as $n) {
		if ($n->id % 4 === 0) {
			$g['byLabel'][$n->label] = $n;
		}
	}
	for ($i = 0; $i < 100; $i++) {
		$g['counters'][$i] = $rng->next(1000);
		$g['aliases'][] = &$g['counters'][$rng->next(100)];
	}
	for ($i = 0; $i < $count; $i += 5) {
		$nodes[$i]->weight = &$g['counters'][$i % 100];
	}
	return $g;
}

function bench_decode_corpus(string $name): array
{
	$path = bench_corpus_dir() . "/$name.json";
	$s = @file_get_contents($path);
	if ($s === false) {
		throw new RuntimeException("missing corpus $path (shared/ must sit beside the repository)");
	}
	return json_decode($s, true, 512, JSON_THROW_ON_ERROR);
}

/**
 * A cache of 10,000 rows, each holding the same config array and one of 50 tag lists: PHP
 * copies arrays lazily, so the value holds 51 arrays 10,000 times (shared arrays, FORMAT.md
 * §9.1).
 */
function bench_shared_rows(): array
{
	$cfg = ['host' => 'db.internal', 'port' => 5432, 'timeout' => 2.5, 'flags' => ['ssl', 'retry'],
		'limits' => ['rows' => 1000, 'bytes' => 1 << 20]];
	$tags = [];
	for ($i = 0; $i < 50; $i++) {
		$tags[] = ['t' . $i, 't' . ($i * 7 % 50), $i];
	}
	$rows = [];
	for ($i = 0; $i < 10000; $i++) {
		$rows[] = ['id' => $i, 'cfg' => $cfg, 'tags' => $tags[$i % 50]];
	}
	return $rows;
}

/**
 * A large export, as a job or a cache of a whole table writes it: rows of ints, floats, bools,
 * nulls, short and long strings and a small list, about 100 MB of serialize() text (1 MB in
 * quick mode), so that costs that grow with the size of the input show.
 */
function bench_export(): array
{
	$rows = bench_quick() ? 2_500 : 250_000;
	$rng = new BenchRng(100);
	$words = explode(' ', str_replace([',', '.'], '', strtolower(LOREM)));
	$kinds = ['order', 'refund', 'invoice', 'credit note'];
	$out = [];
	for ($i = 0; $i < $rows; $i++) {
		$note = [];
		for ($k = 8 + $rng->next(24); $k > 0; $k--) {
			$note[] = $rng->pick($words);
		}
		$tags = [];
		for ($k = $rng->next(4); $k > 0; $k--) {
			$tags[] = $rng->pick($words);
		}
		$out[] = [
			'id' => 1_000_000 + $i,
			'customer' => $rng->next(50_000),
			'kind' => $rng->pick($kinds),
			'amount' => $rng->next(10_000_000) / 100,
			'vat' => [0.0, 0.07, 0.19][$rng->next(3)],
			'paid' => $rng->next(4) !== 0,
			'shipped_at' => $rng->next(5) === 0 ? null : 1_700_000_000 + $rng->next(30_000_000),
			'email' => $rng->pick($words) . '.' . $rng->pick($words) . $rng->next(1000) . '@example.com',
			'note' => ucfirst(implode(' ', $note)) . '.',
			'tags' => $tags,
		];
	}
	return $out;
}

/**
 * The datasets of the binary table: name => [generator, formats that cannot represent it =>
 * reason]. Generators run lazily so only one large dataset is alive at a time.
 */
function bench_binary_datasets(): array
{
	$classObjects = 'objects of a class become arrays/stdClass';
	return [
		'battle (classic)' => [fn() => bench_battle(), []],
		'battle + 62-round log' => [fn() => bench_battle_log(), []],
		'array_fill 1M ints' => [fn() => array_fill(0, 1000000, 12345), []],
		'1,000 typed objects' => [fn() => bench_objects(), ['json' => $classObjects]],
		'5,000-row table' => [fn() => bench_table(), []],
		'twitter.json' => [fn() => bench_decode_corpus('twitter'), []],
		'citm_catalog.json' => [fn() => bench_decode_corpus('citm_catalog'), []],
		'10,000 rows sharing arrays' => [fn() => bench_shared_rows(), []],
		'graph (& refs, shared)' => [fn() => bench_graph(),
			['json' => 'no & references, object identity or cycles',
				'msgpack' => 'restores & references as separate copies']],
		'export, 100 MB' => [fn() => bench_export(),
			['json' => 'floats with no fraction (12.0) come back as ints']],
	];
}
