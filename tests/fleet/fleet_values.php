<?php
/* zser — SPDX-License-Identifier: MIT
 *
 * What a fleet session holds, built the same way by the hosts (app.php) and by the client
 * (client.php, to know what to expect): objects with every visibility, one object reached
 * from two places, PHP references between session variables, enums and binary strings.
 * Every value depends on the user and a per-client seed, so a session that got another
 * client's data, or lost some, cannot look right.
 */

enum FleetTier: string
{
    case Gold = 'gold';
    case Free = 'free';
}

enum FleetMood
{
    case Happy;
    case Grumpy;
}

final class FleetAccount
{
    public string $user;
    protected array $cart = [];
    private ?FleetAccount $parent = null;
    public $note;

    public function __construct(string $user, ?FleetAccount $parent = null)
    {
        $this->user = $user;
        $this->parent = $parent;
    }

    public function parent(): ?FleetAccount
    {
        return $this->parent;
    }

    public function add(string $item, int $qty): void
    {
        $this->cart[$item] = ($this->cart[$item] ?? 0) + $qty;
    }
}

/* Binary bytes unique to ($user, $seed, $salt), including NUL and high bytes. */
function fleet_bytes(string $user, int $seed, string $salt): string
{
    return "\0\xff" . hash('sha256', "$user/$seed/$salt", true);
}

/* Host A, at login. */
function fleet_login(array &$s, string $user, int $seed): void
{
    $org = new FleetAccount("org-of-$user");
    $s['user'] = $user;
    $s['seed'] = $seed;
    $s['account'] = new FleetAccount($user, $org);
    $s['org'] = $org;
    $s['tier'] = $seed % 2 ? FleetTier::Gold : FleetTier::Free;
    $s['token'] = fleet_bytes($user, $seed, 'token');
    $s['visits'] = 1;
    $s['visits_alias'] = &$s['visits'];
    $s['history'] = [['host' => 'A', 'at' => $seed]];
}

/* Host B, on a later request of the same session. $int_key: igbinary's session handler skips
 * int keys when it reads, so sessions that pass through it hold none. */
function fleet_modify(array &$s, string $user, int $seed, bool $int_key = true): void
{
    $s['visits_alias'] += 10;
    $s['account']->add("item-$seed", $seed % 7 + 1);
    $s['account']->note = ['mood' => FleetMood::Grumpy, 'org' => $s['org']];
    $s['org']->note = fleet_bytes($user, $seed, 'org');
    $s['mood'] = FleetMood::Happy;
    $s['history'][] = ['host' => 'B', 'bytes' => fleet_bytes($user, $seed, 'b')];
    $s['tier'] = FleetTier::from($s['tier'] === FleetTier::Gold ? 'free' : 'gold');
    if ($int_key) {
        $s[$seed] = "int key $seed";
    }
}

/* What must still hold after the value went through the store twice. */
function fleet_invariants(array &$s): array
{
    $before = $s['visits'];
    $s['visits_alias']++;
    $alias = $s['visits'] === $before + 1;
    $s['visits_alias']--;
    return [
        'reference' => $alias,
        'shared_object' => $s['account']->parent() === $s['org'] && $s['account']->note['org'] === $s['org'],
        'enum_identity' => $s['mood'] === FleetMood::Happy && $s['account']->note['mood'] === FleetMood::Grumpy,
    ];
}
