<?php
/* zser — SPDX-License-Identifier: MIT
 *
 * Writes the benchmark charts as hand-made SVG (no external tool): horizontal bar groups of
 * ratios, one panel per measured quantity side by side, a dashed 1.0 line, an optional target
 * tick per bar and the value printed beside each bar. It draws what it is given and computes
 * nothing about the benchmark itself.
 */

declare(strict_types=1);

function svg_esc(string $s): string
{
	return htmlspecialchars($s, ENT_QUOTES | ENT_XML1, 'UTF-8');
}

/**
 * @param array<string, string> $series series name => fill colour (the legend, in bar order)
 * @param list<array{title: string, rows: list<array{0: string, 1: array<string, array{0: ?float, 1: ?float}>}>}> $panels
 *        each row: [group label, [series => [ratio or null, target or null]]]; every panel has
 *        the same group labels in the same order.
 */
function svg_bar_chart(string $path, string $title, string $subtitle, array $series, array $panels): void
{
	$labelW = 190;
	$panelW = 250;
	$gapW = 24;
	$barH = 11;
	$groupGap = 9;
	$top = 86;
	$rows = $panels[0]['rows'];
	$nSeries = count($series);
	$groupH = $nSeries * $barH + $groupGap;
	$height = $top + count($rows) * $groupH + 40;
	$width = $labelW + count($panels) * ($panelW + $gapW) + 10;

	$o = [];
	$o[] = sprintf('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
		. 'font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="11">', $width, $height, $width, $height);
	$o[] = sprintf('<rect width="%d" height="%d" fill="#ffffff"/>', $width, $height);
	$o[] = sprintf('<text x="10" y="20" font-size="15" font-weight="bold">%s</text>', svg_esc($title));
	$o[] = sprintf('<text x="10" y="37" fill="#555555">%s</text>', svg_esc($subtitle));

	/* legend */
	$x = 10;
	foreach ($series as $name => $colour) {
		$shown = count($series) === 1 ? "$name (no target)" : $name;
		$o[] = sprintf('<rect x="%d" y="45" width="10" height="10" fill="%s"/>', $x, $colour);
		$o[] = sprintf('<text x="%d" y="54">%s</text>', $x + 14, svg_esc($shown));
		$x += 24 + 7 * text_width($shown);
	}
	if (count($series) === 1) {
		foreach (['#2ca02c' => 'target met', '#d62728' => 'target missed'] as $colour => $name) {
			$o[] = sprintf('<rect x="%d" y="45" width="10" height="10" fill="%s"/>', $x, $colour);
			$o[] = sprintf('<text x="%d" y="54">%s</text>', $x + 14, $name);
			$x += 24 + 7 * strlen($name);
		}
	}
	if ($x > 10) {
		$o[] = sprintf('<line x1="%d" y1="50" x2="%d" y2="50" stroke="#000000" stroke-width="2"/>', $x, $x + 3);
		$o[] = sprintf('<line x1="%d" y1="44" x2="%d" y2="56" stroke="#000000" stroke-width="2"/>', $x + 3, $x + 3);
		$o[] = sprintf('<text x="%d" y="54">target (at or left of it = met)</text>', $x + 10);
	}

	/* group labels, with a light band on every other group */
	foreach ($rows as $i => [$label]) {
		$y = $top + $i * $groupH;
		if ($i % 2 === 1) {
			$o[] = sprintf('<rect x="0" y="%d" width="%d" height="%d" fill="#f3f3f3"/>',
				$y - $groupGap / 2, $width, $groupH);
		}
		$o[] = sprintf('<text x="%d" y="%.1f" text-anchor="end">%s</text>', $labelW - 8,
			$y + ($nSeries * $barH) / 2 + 4, svg_esc($label));
	}

	foreach ($panels as $p => $panel) {
		$x0 = $labelW + $p * ($panelW + $gapW);
		$max = 1.5;
		foreach ($panel['rows'] as [, $vals]) {
			foreach ($vals as [$v, $t]) {
				$max = max($max, ($v ?? 0) * 1.08, ($t ?? 0) * 1.08);
			}
		}
		$max = min($max, 4.0);
		$scale = ($panelW - 40) / $max;
		$o[] = sprintf('<text x="%d" y="%d" font-weight="bold">%s</text>', $x0, $top - 8, svg_esc($panel['title']));
		/* grid every 0.5 */
		for ($g = 0.5; $g <= $max; $g += 0.5) {
			$gx = $x0 + $g * $scale;
			$o[] = sprintf('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#dddddd"/>', $gx, $top - 4,
				$gx, $top + count($rows) * $groupH - $groupGap);
			if (abs($g - 1.0) > 0.01) { /* 1.0 gets its own red label */
				$o[] = sprintf('<text x="%.1f" y="%d" text-anchor="middle" fill="#777777">%.1f</text>', $gx,
					$top + count($rows) * $groupH + 6, $g);
			}
		}
		$o[] = sprintf('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#000000"/>', $x0, $top - 4, $x0,
			$top + count($rows) * $groupH - $groupGap);
		foreach ($panel['rows'] as $i => [, $vals]) {
			$y = $top + $i * $groupH;
			$k = 0;
			foreach ($series as $name => $colour) {
				$by = $y + $k * $barH;
				$k++;
				[$v, $t] = $vals[$name] ?? [null, null];
				if ($v === null) {
					if (array_key_exists($name, $vals)) {
						$o[] = sprintf('<text x="%d" y="%d" fill="#999999" font-size="9">n/a</text>', $x0 + 3, $by + 9);
					}
					continue;
				}
				$w = min($v, $max) * $scale;
				$fill = $colour;
				if ($nSeries === 1 && $t !== null) { /* a lone series shows its verdict by colour */
					$fill = $v <= $t ? '#2ca02c' : '#d62728';
				}
				$o[] = sprintf('<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"><title>%s: %.3f</title></rect>',
					$x0, $by + 1, max($w, 1), $barH - 2, $fill, svg_esc($name), $v);
				$textX = $x0 + $w + 3;
				if ($t !== null) {
					$tx = $x0 + min($t, $max) * $scale;
					$o[] = sprintf('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#000000" stroke-width="2"/>',
						$tx, $by, $tx, $by + $barH);
					$textX = max($textX, $tx + 4);
				}
				$o[] = sprintf('<text x="%.1f" y="%d" font-size="9">%s%.2f</text>', $textX, $by + 9,
					$v > $max ? '&gt; ' : '', $v);
			}
		}
		/* the 1.0 line last so it stays visible over the bars */
		$lx = $x0 + $scale;
		$o[] = sprintf('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#c00000" stroke-dasharray="4,3"/>',
			$lx, $top - 4, $lx, $top + count($rows) * $groupH - $groupGap);
		$o[] = sprintf('<text x="%.1f" y="%d" text-anchor="middle" fill="#c00000">1.0</text>', $lx,
			$top + count($rows) * $groupH + 6);
	}
	$o[] = '</svg>';
	$svg = implode("\n", $o) . "\n";
	/* a label with a stray character must not leave a chart that browsers refuse to show */
	if (class_exists('DOMDocument') && !@(new DOMDocument())->loadXML($svg)) {
		throw new RuntimeException("chart $path would not be well-formed XML");
	}
	file_put_contents($path, $svg);
}
