// zser — SPDX-License-Identifier: MIT
//
// The reader's fast paths against its one checked path, event by event. zs_reader_step()
// (with zs_reader_close() for container ends), zs_reader_step_map() and zs_reader_next_fast()
// repeat checks of zs_reader_next() inline for speed; here one reader is driven the way
// ext/bin_decode.c drives it (run_fast() and the loop of decode()) and another by
// zs_reader_next() alone, on the same bytes. Every event must be the same (type, offset, key,
// slot and the fields of its type), the readers' state the same after it (cursor, depth,
// level, slots, tables, the innermost frame), and the run must end with the same verdict,
// error code and error offset. The unit test (test_wire_oracle.c) and the fuzz target
// fuzz_wire_read.c share it. Test code only: nothing in core/ or ext/ includes it.
#ifndef ZS_WIRE_ORACLE_H
#define ZS_WIRE_ORACLE_H

#include "zs_wire_read.h"

#include <string.h>

// How the fast side reads each value: as decode() does outside run_fast(); as run_fast() does
// in the properties of an object (F_DECLARED); as run_fast() does in lists and maps; or one of
// the three chosen afresh for each value from a seed.
enum { ZS_ORACLE_NEXT_FAST, ZS_ORACLE_STEP, ZS_ORACLE_STEP_MAP, ZS_ORACLE_MIXED, ZS_ORACLE_MODES };
// OR-ed into a mode: the fast side keeps its strings as for an input past 4 GiB
// (zs_reader_keep_wide()), where only zs_reader_next() records them
#define ZS_ORACLE_WIDE 0x100u

typedef struct zs_oracle_diff {
	const char *what; // NULL when both sides agree
	size_t event;     // number of the event (0-based) where they parted
	size_t events;    // events compared in all
} zs_oracle_diff;

// One value (or container end) read as the fast paths read it. *empty_opened is set when a
// step gave an empty list, which opens no frame: the caller owes the END zs_reader_next()
// gives for it.
static bool zs_oracle_fast_next(zs_reader *r, unsigned how, zs_event *ev, bool *empty_opened)
{
	zs_item it = {0};
	zs_rframe *f;
	uint32_t kpos, key_base;
	size_t pos = (size_t)(r->p - r->start);
	int type;

	*empty_opened = false;
	if (how == ZS_ORACLE_NEXT_FAST || r->depth == 0 || r->err != ZS_WE_NONE) {
		return zs_reader_next_fast(r, ev);
	}
	f = &r->frames[r->depth - 1];
	if (f->remaining == 0) {
		ev->type = ZS_EV_END;
		ev->pos = pos;
		zs_reader_close(r);
		return true;
	}
	kpos = f->count - f->remaining;
	key_base = f->key_base;
	type = zs_reader_step(r, f, &it);
	if (type < 0 && how == ZS_ORACLE_STEP_MAP) {
		type = zs_reader_step_map(r, f, &it);
		if (type < 0 && r->err != ZS_WE_NONE) {
			return false;
		}
	}
	if (type < 0) {
		return how == ZS_ORACLE_STEP_MAP ? zs_reader_next_fast(r, ev) : zs_reader_next(r, ev);
	}
	ev->pos = pos;
	ev->slot = r->nslots;
	ev->type = type == ZS_STEP_NEW_STRING ? ZS_EV_STRING : (zs_event_type)type;
	switch (type) {
	case ZS_EV_INT:
		ev->i = it.i;
		break;
	case ZS_EV_FLOAT:
		ev->d = it.d;
		break;
	case ZS_STEP_NEW_STRING:
	case ZS_EV_STRING:
		ev->index = it.idx;
		if (it.idx != ZS_WIRE_NO_INDEX) {
			ev->str = zs_reader_str(r, it.idx, &ev->len);
		}
		break;
	case ZS_EV_LIST:
		*empty_opened = it.count == 0;
		/* fall through */
	case ZS_EV_MAP:
		ev->count = it.count;
		ev->shape = it.shape;
		ev->cls = ZS_WIRE_NO_INDEX;
		break;
	case ZS_EV_OBJECT:
		ev->count = it.count;
		ev->shape = it.shape;
		ev->cls = it.cls;
		break;
	case ZS_EV_BACKREF_REF:
		ev->slot = 0;
		ev->target = (uint32_t)it.i;
		break;
	case ZS_EV_BACKREF_OBJ:
	case ZS_EV_BACKREF_ARR:
		ev->target = (uint32_t)it.i;
		break;
	default:
		break;
	}
	if (key_base != ZS_WIRE_NO_INDEX) {
		ev->has_key = true;
		ev->key = r->keys[key_base + kpos];
	} else {
		ev->key.i = kpos;
		ev->key.str = ZS_WIRE_NO_INDEX;
	}
	return true;
}

// The first field in which two events differ, NULL if none.
static const char *zs_oracle_event_diff(const zs_event *a, const zs_event *b)
{
	if (a->type != b->type) {
		return "event type";
	}
	if (a->pos != b->pos) {
		return "event offset";
	}
	if (a->type == ZS_EV_END) {
		return NULL;
	}
	if (a->has_key != b->has_key || a->key.i != b->key.i || a->key.is_str != b->key.is_str ||
	    a->key.str != b->key.str) {
		return "event key";
	}
	if (a->slot != b->slot) {
		return "event slot";
	}
	switch (a->type) {
	case ZS_EV_INT:
		return a->i != b->i ? "integer value" : NULL;
	case ZS_EV_FLOAT:
		return memcmp(&a->d, &b->d, sizeof(a->d)) != 0 ? "float value" : NULL;
	case ZS_EV_STRING:
	case ZS_EV_ENUM:
	case ZS_EV_OBJECT_BLOB:
		if (a->index != b->index || a->len != b->len || (a->len > 0 && a->str != b->str)) {
			return "string bytes or table index";
		}
		if (a->type == ZS_EV_STRING) {
			return NULL;
		}
		if (a->cls != b->cls) {
			return "class";
		}
		return a->type == ZS_EV_OBJECT_BLOB && a->reserve != b->reserve ? "reserved slots" : NULL;
	case ZS_EV_LIST:
	case ZS_EV_MAP:
	case ZS_EV_OBJECT:
	case ZS_EV_OBJECT_DATA:
		return a->count != b->count || a->shape != b->shape || a->cls != b->cls
		               ? "container count, shape or class"
		               : NULL;
	case ZS_EV_BACKREF_OBJ:
	case ZS_EV_BACKREF_REF:
	case ZS_EV_BACKREF_ARR:
		return a->target != b->target ? "back-reference target" : NULL;
	default:
		return NULL;
	}
}

// The first part of the readers' state that differs, NULL if none.
static const char *zs_oracle_state_diff(const zs_reader *a, const zs_reader *b)
{
	if (a->p != b->p || a->done != b->done || a->err != b->err || a->err_pos != b->err_pos) {
		return "cursor, completion or error";
	}
	if (a->depth != b->depth || a->level != b->level) {
		return "depth or level";
	}
	if (a->nslots != b->nslots || a->slot_limit != b->slot_limit || a->refs_seen != b->refs_seen ||
	    a->reserved != b->reserved) {
		return "slots";
	}
	if (a->refs && a->nslots > a->base &&
	    a->slot_obj[a->nslots - a->base - 1] != b->slot_obj[b->nslots - b->base - 1]) {
		return "kind of the last slot";
	}
	if (a->nstrs != b->nstrs || a->nshapes != b->nshapes || a->nkeys != b->nkeys) {
		return "table sizes";
	}
	if (a->nstrs > 0 && (a->strs[a->nstrs - 1].off != b->strs[b->nstrs - 1].off ||
	                     a->strs[a->nstrs - 1].len != b->strs[b->nstrs - 1].len)) {
		return "last string table entry";
	}
	if (a->depth > 0) {
		const zs_rframe *fa = &a->frames[a->depth - 1], *fb = &b->frames[b->depth - 1];
		if (fa->remaining != fb->remaining || fa->count != fb->count ||
		    fa->key_base != fb->key_base || fa->level != fb->level) {
			return "innermost frame";
		}
	}
	return NULL;
}

// Reads data[0..size) with zs_reader_next() and with the fast paths chosen by mode (seed
// picks the path of each value in ZS_ORACLE_MIXED; with ZS_ORACLE_WIDE, a wide reader),
// under max_depth; memo, if not NULL, is
// used by the fast side only (its events must not change either). Fills *d; true when they
// agree.
static bool zs_oracle_compare(const unsigned char *data, size_t size, uint32_t max_depth,
                              unsigned mode, uint32_t seed, zs_shape_memo *memo,
                              const zs_alloc *alloc, zs_oracle_diff *d)
{
	zs_reader a, b;
	zs_event ea, eb;
	bool oka, okb, empty = false;
	uint32_t s = seed * 2654435761u + 1;
	bool wide = (mode & ZS_ORACLE_WIDE) != 0;

	mode &= ~ZS_ORACLE_WIDE;
	d->what = NULL;
	d->event = 0;
	d->events = 0;
	zs_reader_init(&a, data, size, alloc, max_depth);
	zs_reader_init(&b, data, size, alloc, max_depth);
	if (wide) {
		zs_reader_keep_wide(&b);
	}
	if (memo) {
		zs_reader_use_memo(&b, memo);
	}
	oka = zs_reader_header(&a);
	okb = zs_reader_header(&b);
	while (oka && okb && !zs_reader_done(&a) && !zs_reader_done(&b)) {
		unsigned how = mode;
		memset(&ea, 0, sizeof(ea));
		memset(&eb, 0, sizeof(eb));
		oka = zs_reader_next(&a, &ea);
		if (empty) {
			// the END of an empty list a step gave (it opened no frame)
			eb.type = ZS_EV_END;
			eb.pos = (size_t)(b.p - b.start);
			empty = false;
		} else {
			if (mode == ZS_ORACLE_MIXED) {
				s = s * 1103515245u + 12345u;
				how = (s >> 16) % ZS_ORACLE_MIXED;
			}
			okb = zs_oracle_fast_next(&b, how, &eb, &empty);
		}
		if (oka != okb) {
			d->what = "one side failed, the other read a value";
			break;
		}
		if (!oka) {
			break;
		}
		d->what = zs_oracle_event_diff(&ea, &eb);
		if (!d->what && !empty) {
			d->what = zs_oracle_state_diff(&a, &b);
		}
		if (d->what) {
			break;
		}
		d->event++;
	}
	if (!d->what && oka && okb) {
		if (zs_reader_done(&a) != zs_reader_done(&b)) {
			d->what = "one side complete before the other";
		} else {
			oka = zs_reader_finish(&a);
			okb = zs_reader_finish(&b);
		}
	}
	if (!d->what && (oka != okb || a.err != b.err || (!oka && a.err_pos != b.err_pos))) {
		d->what = "verdict, error code or error offset";
	}
	d->events = d->event;
	zs_reader_free(&a);
	zs_reader_free(&b);
	return d->what == NULL;
}

#endif
