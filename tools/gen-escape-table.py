#!/usr/bin/env python3
# zser — SPDX-License-Identifier: MIT
#
# Prints the 256-entry byte-class table of core/zs_utf8.c (zs_esc_class): which bytes
# the JSON escaper must stop at, by the flag that makes them special. Paste the output
# over the table in core/zs_utf8.c when the classes change.
ALWAYS, SLASH, TAG, AMP, APOS = 1, 2, 4, 8, 16


def cls(c):
    if c < 0x20 or c >= 0x80 or c in (ord('"'), ord('\\')):
        return ALWAYS
    return {ord('/'): SLASH, ord('<'): TAG, ord('>'): TAG, ord('&'): AMP, ord("'"): APOS}.get(c, 0)


rows = []
for r in range(16):
    rows.append("\t" + ", ".join("%2d" % cls(r * 16 + i) for i in range(16)) + ",")
print("static const uint8_t zs_esc_class[256] = {")
print("\n".join(rows))
print("};")
