/*
 * stream.c: JSON text validated as it arrives (SPEC §12.2).
 *
 * Each chunk is read once by the push reader of JSON syntax
 * (tsig_json_push_read in src/ground/json.c, whose state the stream holds:
 * the open containers, where in a string, number or literal it is), which
 * knows, byte by byte, whether the text so far can still become JSON and
 * when a whole value has been read, and tells the type walker below of
 * each value, key and end it reads (on_step). With repair on, the
 * text is its own repair until its first byte that is no JSON (valid JSON
 * costs what it costs without); from there nothing is judged before end()
 * (SPEC §13.4), which validates the whole text in one shot, so a push
 * only keeps the text, and the text is read when its partial value is
 * asked for (repaired_so_far): a second push reader, in repair mode
 * (tsig_repair_run, which resumes where it stopped), reads what came
 * since it last read, and the reader reads its output, from its start the
 * first time.
 *
 * Judging the value against the signature is the one-shot validator's
 * work. A type walker follows the type tree as values start (a stack of
 * frames: per open container its type and the type of its next value), so
 * that a value of the wrong kind, a float where an int belongs, a number
 * out of a refined range, a string no enum value equals, or a field
 * strict mode refuses is suspected as it is read. A string whose start
 * (decoded, before any escape) starts no value of its enum is judged at
 * once, cut at its shortest such start, so the error is the same wherever
 * the chunks end. A value of a kind its type never takes is judged at its
 * first byte (early_kind: the text before it, a stand-in of its kind, what
 * is open closed), with the one-shot message where that echoes nothing
 * the byte does not say; a string or number, not whole yet, is echoed as
 * not known ("…"), and is read on and judged again once whole. When a
 * suspect value is whole, the validator judges the value read so far
 * (open containers closed; a string cut short closed where it was cut)
 * and the errors about text really read are the stream's: the messages
 * are the one-shot ones, and a wrong suspicion costs one validation and
 * stops the walker. When the reader sees the whole value
 * the text up to its end is validated in one shot (so where chunks end
 * changes nothing), and at the first byte that can never become JSON the
 * text so far; that result is kept. end() returns it, or validates the
 * whole text again when more came after it (text after a value judged
 * invalid, or ignored by repair, whose warning belongs to the result).
 *
 * Memory: the stream keeps the text (the validator and the partial value
 * read it) and one tsig_known per run of list elements read at once; the
 * reader's and the walker's state are bounded by the nesting depth. When
 * the caller keeps the text (TSIG_CALLER_KEEPS_TEXT, without repair), the
 * runs are dropped from the text as they are read (compact), each left as
 * one placeholder byte the validation steps over, runs of one list joined
 * into one: what is kept is the text outside list elements, the element
 * being read, elements with a message, and text after a value judged
 * invalid (end() judges it). Positions in results are moved back to the
 * text pushed (pushed_at, pushed_line_col), the partial value is a cut of
 * that text (tsig_stream_partial_cut), and a changed value is not written
 * (the caller validates its text for it). The walker runs for return
 * values in the modes whose errors fail, without repair (arguments are
 * coerced; repair moves positions): there, and for the rest (a string
 * with escapes, length bounds, unions of maps), type errors are found when
 * the value is whole.
 *
 * Cost: where the walker knows the type of a list (its frames), the
 * elements that are whole in what came are validated then, one after the
 * other, by the validator itself (tsig_validate_elements) and the reader
 * steps over them; those that validate with no message and no change are
 * remembered as runs (tsig_known), and the validation of the whole text
 * steps over the runs (tsig_validate_with_known). The element a chunk
 * cuts waits for the next chunk and is validated whole then (read twice
 * in part). One longer than two chunks (with a model's chunks of a few
 * bytes, nearly every one) is read by the reader instead, and validated
 * alone when whole, the runs inside it stepped over (read_done): a run
 * all the same. Where fewer bytes have come than the list's elements
 * take, an element is not tried at all: the reader reads it at once. So
 * most of a big value, its list elements, is read once when chunks are
 * longer than elements, twice when they are shorter; what is read twice
 * either way is the rest: elements with an error and values outside
 * lists. A list element the validator reads alone is read as at its
 * depth, with the stream's options; a run is stepped over only where the
 * same list type meets it in pass 1, so the result is the one-shot
 * result.
 */
#include "internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Built for speed (-O3) but one copy of each: compact has one hot caller;
 * the partial value and early errors are off the hot path (TSIG_COLD). */

struct tsig_stream {
    const tsig_signature *sig;
    int input;
    tsig_validate_options opts;
    int repair;         /* asked for */
    int repairing;      /* begun: the reader reads the repaired text */
    tsig_repair rp;
    tsig_read_type rt;  /* the type repair asks (SPEC §13) */
    /* SPEC §13.2, §13.4: with repair on, text that comes later can make a
     * value among several, or the whole text as one bare text, the reading:
     * an error is told by end() alone (ending), and a value is complete
     * only as strict JSON; once the text needs repair, nothing is judged
     * before end(). */
    int ending;
    /* once repairing: how much of the text the readers have read, and
     * whether they knew it ended (repaired_so_far) */
    size_t repaired_len;
    int repaired_ending;
    tsig_strbuf text;   /* the original text so far */
    tsig_stream_state state;
    tsig_result result; /* once not incomplete */
    size_t judged, told; /* results judged; how many when the boundary
                          * last asked (tsig_stream_judged_anew) */
    size_t result_len;  /* the original length it was validated on */
    /* the push reader of JSON syntax (json.c): where it is in the
     * canonical text, what is open, where the partial value is cut */
    tsig_json_push r;
    const char *reading; /* the canonical text it reads now, */
    size_t reading_len;  /* for the walker (on_step) */
    /* the type walker (early definite errors): per open container its
     * type (NULL: not checked inside) and the type of its next value */
    struct frame {
        const tsig_type *t, *child;
        size_t next; /* a map: the field after the last one named */
        int waits;   /* a list: an element cut short may wait (elements_known) */
        size_t read_at; /* a list: where the element the reader reads
                         * starts (0: none), validated when whole (read_done) */
        size_t seen, seen_bytes; /* a list: its elements validated, their bytes */
        uint64_t named; /* a map: its first 64 fields named so far */
        int dirty;      /* a list: its element being read holds one with a
                         * message or a change (then so does this one, and
                         * each around it: dirt marks frames 0..d at once) */
    } *frames;
    size_t frame_cap;
    int walk, frames_failed;
    int follow;         /* types of open containers followed (frames) */
    tsig_type args;     /* input: the parameters as one map */
    const tsig_type *root; /* the type of the value: args or the returns */
    int pending;        /* a value of the wrong kind is being read ... */
    int check;          /* ... and is whole now */
    /* A value whose kind its type never takes (known at its first byte,
     * kind_at, kind_byte): judged at once by that byte (kind_now; a list
     * or map, and a scalar the text so far ends in); a scalar is read on
     * and judged whole too (kind_scalar), the stream invalid meanwhile
     * (refining: pushes still read until it is whole). */
    size_t kind_at;
    unsigned char kind_byte;
    int kind_now, kind_scalar, refining;
    const tsig_type *num_type; /* the type of the number being read */
    const tsig_type *str_type; /* the enum (or union of enums) the string
                                * being read must start a value of, or NULL */
    size_t bad_depth;   /* ... at this depth: judged when it is whole */
    /* elements of lists validated as they became whole, stepped over by
     * the reader and by the validation of the whole text */
    tsig_known *known;
    size_t known_count, known_cap;
    tsig_elements *elements; /* their validator, set up once */
    /* the element the end of the text cut short (see elements_known):
     * where it starts, and whether it was tried once or given up */
    size_t wait_at;
    int wait;
    /* TSIG_CALLER_KEEPS_TEXT: the runs of known elements are dropped from
     * text as they are read (compact), each left as one placeholder byte
     * that the validation of the whole text steps over as the run (a "0":
     * JSON, should anything read it as a value). known[0..known_dropped)
     * are such placeholders, holes[i] known[i]'s; holes[known_dropped..
     * hole_count) lie inside known[known_dropped], an element whole since
     * the last compact that holds runs dropped before (read_done). */
    int lean;
    size_t known_dropped;
    struct hole {
        size_t at;    /* the placeholder's offset in text */
        size_t len;   /* the bytes of the text as pushed it stands for */
        size_t lines; /* '\n' among them */
        size_t tail;  /* bytes after the last of them (len when none) */
    } *holes;
    size_t hole_count, hole_cap;
    size_t dropped;   /* bytes pushed no longer in text */
    size_t error_at;  /* the kept result's JSON error, in text */
};

enum { WAIT_NONE, WAIT_FIRST, WAIT_TRIED, WAIT_READ };

tsig_stream *tsig_stream_new(const tsig_signature *sig, int input,
                             const tsig_validate_options *opts)
{
    if (!sig) return NULL;
    tsig_stream *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->sig = sig;
    s->input = input;
    tsig_validate_options o = {TSIG_MODE_ENABLED, 0, 0, 0};
    if (opts) o = *opts;
    s->opts = o;
    s->repair = tsig_repair_asked(input, o.flags);
    tsig_json_push_begin(&s->r, tsig_depth_limit(&o));
    /* repair may start late, and reads the text from its start */
    s->lean = (o.flags & TSIG_CALLER_KEEPS_TEXT) && !s->repair;
    s->opts.flags &= ~TSIG_CALLER_KEEPS_TEXT;
    tsig_repair_init(&s->rp, s->r.max_depth);
    /* Types are followed where an error is certain before the end: return
     * values (arguments are coerced), errors that fail, the text as given
     * (repair moves positions). */
    s->walk = !input && !s->repair && sig->returns &&
              (o.mode == TSIG_MODE_ENABLED || o.mode == TSIG_MODE_STRICT);
    /* The types of open containers are followed while the text is read as
     * given, for list elements read once (see elements_known); the
     * arguments are the fields of one map, as tsig_validate_input_json
     * reads them. */
    s->args.kind = TSIG_RECORD;
    s->args.fields = sig->params;
    s->args.field_count = sig->param_count;
    s->root = input ? &s->args : sig->returns;
    tsig_read_type_begin(&s->rt, &s->rp, s->root, input);
    s->follow = s->root && o.mode != TSIG_MODE_DISABLED;
    return s;
}

void tsig_stream_free(tsig_stream *s)
{
    if (!s) return;
    tsig_repair_release(&s->rp);
    tsig_read_type_release(&s->rt);
    tsig_sb_release(&s->text);
    tsig_json_push_release(&s->r);
    tsig_result_free(&s->result);
    free(s->frames);
    free(s->known);
    free(s->holes);
    tsig_elements_free(s->elements);
    free(s);
}

/* ---- the text as pushed, where parts of it are no longer kept ---------- */



/* The offset in the text as pushed of offset o of text. */
static size_t pushed_at(const void *ctx, size_t o)
{
    const tsig_stream *s = ctx;
    /* the holes before o (sorted by at) */
    size_t lo = 0, hi = s->hole_count, add = 0;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (s->holes[mid].at < o) lo = mid + 1;
        else hi = mid;
    }
    for (size_t i = 0; i < lo; i++) add += s->holes[i].len - 1;
    return o + add;
}

/* The line and column (bytes, from 1) in the text as pushed of offset o
 * of text. */
static TSIG_COLD void pushed_line_col(const void *ctx, size_t o, size_t *line, size_t *column)
{
    const tsig_stream *s = ctx;
    const char *t = s->text.data ? s->text.data : "";
    if (o > s->text.len) o = s->text.len;
    size_t lines = 1, start = 0; /* start: where the line starts, in text */
    for (size_t i = 0; i < o; i++)
        if (t[i] == '\n') {
            lines++;
            start = i + 1;
        }
    const struct hole *last = NULL; /* the last hole with a '\n' after start */
    for (size_t i = 0; i < s->hole_count && s->holes[i].at < o; i++) {
        lines += s->holes[i].lines;
        if (s->holes[i].lines && s->holes[i].at >= start) last = &s->holes[i];
    }
    *line = lines;
    size_t to = pushed_at(s, o);
    *column = last ? to - (pushed_at(s, last->at) + last->len - last->tail) + 1
                   : to - pushed_at(s, start) + 1;
}

/* The '\n' in p[0..15], counted eight bytes at a time (exactly: a flag
 * per byte equal to '\n', the flags added up, a byte each). */
static inline size_t newlines16(const char *p)
{
    const uint64_t lows = TSIG_SWAR_ONES * 0x7F, nl = TSIG_SWAR_ONES * '\n';
    uint64_t a, b;
    memcpy(&a, p, 8);
    memcpy(&b, p + 8, 8);
    a ^= nl;
    b ^= nl;
    a = ~(((a & lows) + lows) | a | lows); /* 0x80 where a byte is '\n' */
    b = ~(((b & lows) + lows) | b | lows);
    return (a | b) ? (size_t)((((a >> 7) + (b >> 7)) * TSIG_SWAR_ONES) >> 56) : 0;
}

/* The '\n' in t[from..to) and the bytes after the last one into *h,
 * appended to what it says; the last one looked for from the end only
 * when there is one. */
static void hole_add(struct hole *h, const char *t, size_t from, size_t to)
{
    size_t lines = 0, i = from;
#ifdef TSIG_VECTOR
    /* compact JSON has none: 64 bytes looked at at once */
    for (; i + 64 <= to; i += 64) {
        const unsigned char *p = (const unsigned char *)t + i;
        tsig_vec m = tsig_vec_or(tsig_vec_or(tsig_vec_eq(tsig_vec_load(p), '\n'),
                                             tsig_vec_eq(tsig_vec_load(p + 16), '\n')),
                                 tsig_vec_or(tsig_vec_eq(tsig_vec_load(p + 32), '\n'),
                                             tsig_vec_eq(tsig_vec_load(p + 48), '\n')));
        if (tsig_vec_first(m) == 16) continue;
        for (size_t k = i; k < i + 64; k += 16) lines += newlines16(t + k);
    }
#endif
    for (; i + 16 <= to; i += 16) lines += newlines16(t + i);
    for (; i < to; i++) lines += t[i] == '\n';
    h->len += to - from;
    h->lines += lines;
    if (!lines) {
        h->tail += to - from;
        return;
    }
    size_t k = to;
    while (t[k - 1] != '\n') k--;
    h->tail = to - k;
}

/* Whether t[from..to) is what lies between two elements of a list: one
 * comma, and whitespace. */
static int one_comma(const char *t, size_t from, size_t to)
{
    size_t commas = 0;
    for (; from < to && (t[from] == ',' || tsig_json_is_ws((unsigned char)t[from])); from++) commas += t[from] == ',';
    return from == to && commas == 1;
}

/* The hole x, after what *h says. */
static void hole_join(struct hole *h, const struct hole *x)
{
    h->len += x->len;
    h->lines += x->lines;
    h->tail = x->lines ? x->tail : h->tail + x->len;
}

static void shift(size_t *at, size_t from, size_t by)
{
    if (*at >= from) *at -= by;
}

/* The open elements the reader reads (frames' read_at) that start in
 * text[from..to), moved there to start at w. */
static void move_reading(tsig_stream *s, size_t from, size_t to, size_t w)
{
    for (size_t d = 0; s->follow && d < s->r.stack.len; d++) {
        size_t *at = &s->frames[d].read_at;
        if (*at >= from && *at < to) *at = *at - from + w;
    }
}

/* Drops the runs of known elements not dropped yet from text (all lie
 * before where the reader is), a run right after another of the same
 * list (a comma between) joining it; holes dropped before inside a run
 * (an element validated whole after the reader read it, read_done) are
 * folded into its own. Only runs followed by what may follow an element
 * (whitespace, ',' or ']') are dropped, the others left for a later push:
 * the placeholder, should a reader that knows no runs read it (the value
 * of a repeated key), then reads as the run did, never as a number going
 * on. Once per push: moves what follows the first such run, a chunk's
 * worth. Out of memory: kept as they are. */
static TSIG_NOINLINE void compact(tsig_stream *s)
{
    char *t = s->text.data;
    size_t first = s->known_dropped, stop = first;
    for (; stop < s->known_count; stop++) {
        size_t e = s->known[stop].end;
        if (e >= s->text.len || !(tsig_json_is_ws((unsigned char)t[e]) || t[e] == ',' || t[e] == ']')) break;
    }
    if (stop == first) return;
    if (s->hole_cap < s->known_count) {
        struct hole *h = realloc(s->holes, s->known_count * sizeof *h);
        if (!h) return;
        s->holes = h;
        s->hole_cap = s->known_count;
    }
    size_t w = s->known[first].start, r = w, kept = first;
    /* the holes inside known[first] (the only run that has any): all read
     * before holes[first] is written */
    size_t inner = first;
    for (size_t i = first; i < stop; i++) {
        tsig_known k = s->known[i];
        move_reading(s, r, k.start, w);
        memmove(t + w, t + r, k.start - r);
        w += k.start - r;
        struct hole h = {w, 0, 0, 0};
        size_t from = k.start;
        for (; inner < s->hole_count && s->holes[inner].at < k.end; inner++) {
            hole_add(&h, t, from, s->holes[inner].at);
            hole_join(&h, &s->holes[inner]);
            from = s->holes[inner].at + 1;
        }
        hole_add(&h, t, from, k.end);
        struct hole *prev = kept ? &s->holes[kept - 1] : NULL;
        size_t sep = prev ? prev->at + 1 : 0;
        int join = prev && s->known[kept - 1].type == k.type && s->known[kept - 1].input == k.input &&
                   one_comma(t, sep, w);
        if (join) {
            hole_add(prev, t, sep, w);  /* the comma between */
            hole_join(prev, &h);
            s->known[kept - 1].count += k.count;
            w = sep;
        } else {
            s->holes[kept] = h;
            s->known[kept++] = (tsig_known){w, w + 1, k.count, k.type, k.input};
            t[w++] = '0';
        }
        r = k.end;
    }
    memmove(t + w, t + r, s->text.len - r);
    size_t by = r - w;
    s->text.len -= by;
    s->dropped += by;
    /* the runs left for later, moved with the text */
    for (size_t i = stop; i < s->known_count; i++) {
        tsig_known k = s->known[i];
        k.start -= by;
        k.end -= by;
        s->known[kept + i - stop] = k;
    }
    s->known_count = kept + s->known_count - stop;
    s->known_dropped = s->hole_count = kept;
    /* a wait the reader left behind */
    if (s->wait_at < r) {
        s->wait_at = 0;
        s->wait = WAIT_NONE;
    }
    /* what points after the runs */
    size_t *at[] = {&s->r.read, &s->r.cut, &s->r.str_cut, &s->r.str_at, &s->r.key_at, &s->r.num_at,
                    &s->wait_at};
    for (size_t i = 0; i < sizeof at / sizeof at[0]; i++) shift(at[i], r, by);
    for (size_t d = 0; s->follow && d < s->r.stack.len; d++)
        if (s->frames[d].read_at) shift(&s->frames[d].read_at, r, by);
}

/* The canonical text: the repaired text, or the text itself. */
static const char *canonical(const tsig_stream *s, size_t *len)
{
    if (s->repairing) {
        *len = s->rp.out.len;
        return s->rp.out.data ? s->rp.out.data : "";
    }
    *len = s->text.len;
    return s->text.data ? s->text.data : "";
}

/* Validates the first len bytes of the text in one shot and keeps the
 * result. */
static tsig_code judge(tsig_stream *s, size_t len)
{
    tsig_result_free(&s->result);
    const char *t = s->text.data ? s->text.data : "";
    tsig_validate_options o = s->opts;
    o.flags &= ~(TSIG_REPAIR | TSIG_NO_REPAIR);
    o.flags |= s->repair ? TSIG_REPAIR : TSIG_NO_REPAIR;
    if (s->lean) o.flags |= TSIG_VALUE_NEVER; /* the text is not all here */
    tsig_code code = s->known_count && !s->repairing
                         ? tsig_validate_with_known(s->root, s->input, t, len, &o, s->known,
                                                    s->known_count, &s->result)
                     : s->input ? tsig_validate_input_json(s->sig, t, len, &o, &s->result)
                                : tsig_validate_json(s->sig, t, len, &o, &s->result);
    if (code == TSIG_ERR_NOMEM) return code;
    s->error_at = s->result.json_error.offset;
    if (s->hole_count && !tsig_result_move(&s->result, pushed_at, pushed_line_col, s))
        return TSIG_ERR_NOMEM;
    s->result_len = len;
    s->state = s->result.ok ? TSIG_STREAM_COMPLETE : TSIG_STREAM_INVALID;
    if (s->repair && !s->ending && (s->repairing || s->state == TSIG_STREAM_INVALID))
        s->state = TSIG_STREAM_INCOMPLETE;
    s->judged++;
    s->refining = 0; /* judged with the text so far: nothing more to read */
    return TSIG_OK;
}

/* ---- the type walker -------------------------------------------------
 * Follows the type tree as values start, so that a value of the wrong
 * kind, or a field strict mode refuses, is known when it is read. What
 * it says is only a suspicion checked by the validator itself (early(),
 * below), so the messages are the one-shot ones. */

/* t when the strings t takes are values of enums (t an enum, or a union
 * whose members taking strings are all enums), else NULL. */
static const tsig_type *string_enums(const tsig_type *t)
{
    t = tsig_type_strip(t);
    if (t->kind == TSIG_ENUM) return t;
    if (t->kind != TSIG_UNION) return NULL;
    const tsig_type_index *ix = t->index;
    size_t from = ix->takes_at[TSIG_JSON_STRING], to = ix->takes_at[TSIG_JSON_STRING + 1];
    if (from == to) return NULL;
    for (size_t k = from; k < to; k++)
        if (tsig_type_strip(t->members[ix->takes[k]])->kind != TSIG_ENUM) return NULL;
    return t;
}

/* 1 iff the string t[0..len) (decoded; whole when whole, else its start)
 * can be, or start, a value of s->str_type: O(log values) per enum. */
static int string_may_be(const tsig_stream *s, const char *t, size_t len, int whole)
{
    const tsig_type *u = s->str_type;
    size_t from = 0, to = 1;
    if (u->kind == TSIG_UNION) {
        from = u->index->takes_at[TSIG_JSON_STRING];
        to = u->index->takes_at[TSIG_JSON_STRING + 1];
    }
    for (size_t k = from; k < to; k++) {
        const tsig_type *e = u->kind == TSIG_UNION ? tsig_type_strip(u->members[u->index->takes[k]]) : u;
        if (whole ? tsig_value_find(e->index->sorted, e->value_count, TSIG_VALUE_STRING, t, len) != NULL
                  : tsig_enum_string_prefix(e, 0, t, len))
            return 1;
    }
    return 0;
}

/* The start t[s->r.str_at..end) of the string being read (decoded) can
 * start no value of its enum: judged now (early(), on the text read, the
 * string cut where it is), on its shortest start that can start none
 * (whole characters), so that the error is the same wherever the chunks
 * end. Sets s->check when so. */
static void string_start_judge(tsig_stream *s, const char *t, size_t end)
{
    const char *str = t + s->r.str_at;
    size_t len = end - s->r.str_at;
    if (!s->str_type || s->pending || string_may_be(s, str, len, 0)) return;
    /* no start of a start that can start none can (bisection) */
    size_t lo = 0, hi = len; /* lo can, hi cannot */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (string_may_be(s, str, mid, 0)) lo = mid;
        else hi = mid;
    }
    while (hi < len && ((unsigned char)str[hi] & 0xC0) == 0x80) hi++;
    s->r.str_cut = s->r.str_at + hi;
    s->str_type = NULL;
    s->r.watch = 0;
    s->pending = 1;
    s->check = 1;
}

/* 1 iff a value of t may hold a string whose start alone is an error:
 * an enum's (string_start_judge). */
static int has_enum(const tsig_type *t, int depth)
{
    if (!t || depth > 64) return t != NULL;
    switch (t->kind) {
    case TSIG_ENUM: return 1;
    case TSIG_OPTIONAL:
    case TSIG_LIST: return has_enum(t->elem, depth + 1);
    case TSIG_RECORD:
        for (size_t i = 0; i < t->field_count; i++)
            if (has_enum(t->fields[i].type, depth + 1)) return 1;
        return has_enum(t->extra, depth + 1);
    case TSIG_UNION:
        for (size_t i = 0; i < t->member_count; i++)
            if (has_enum(t->members[i], depth + 1)) return 1;
        return 0;
    case TSIG_STRING: case TSIG_INT: case TSIG_FLOAT: case TSIG_BOOL: case TSIG_KEYWORD:
    case TSIG_ANY: case TSIG_MAP: case TSIG_DATETIME:
        return 0;
    }
    return 1;
}

/* A value of JSON kind jk starts at at (its first byte: c) at depth
 * s->r.stack.len (before its container, if it is one, is pushed). */
static void walk_value(tsig_stream *s, tsig_json_kind jk, unsigned char c, size_t at)
{
    size_t d = s->r.stack.len;
    const tsig_type *want = d == 0 ? s->root : s->frames[d - 1].child;
    if (s->walk && want && !s->pending && !tsig_type_takes(want, jk)) {
        /* its kind is its first byte's: a definite error there (SPEC
         * §12.2), judged when that byte is read (a list or map; a scalar
         * when the text so far ends before it is whole, else whole) */
        s->pending = 1;
        s->bad_depth = d;
        s->kind_at = at;
        s->kind_byte = c;
        s->kind_scalar = jk != TSIG_JSON_OBJECT && jk != TSIG_JSON_ARRAY;
        if (!s->kind_scalar) s->kind_now = s->check = 1;
    }
    if (jk == TSIG_JSON_NUMBER) {
        s->num_type = want;
        while (s->num_type && s->num_type->kind == TSIG_OPTIONAL) s->num_type = s->num_type->elem;
    }
    s->str_type = NULL;
    if (s->walk && jk == TSIG_JSON_STRING && want && !s->pending) s->str_type = string_enums(want);
    s->r.watch = s->str_type != NULL; /* its plain runs told as they stop */
    if (jk != TSIG_JSON_OBJECT && jk != TSIG_JSON_ARRAY) return;
    if (d + 1 > s->frame_cap) {
        size_t cap = s->frame_cap ? s->frame_cap * 2 : 16;
        struct frame *f = realloc(s->frames, cap * sizeof *f);
        if (!f) {
            s->frames_failed = 1;
            s->walk = s->follow = 0;
            return;
        }
        s->frames = f;
        s->frame_cap = cap;
    }
    const tsig_type *t = tsig_type_container(want, jk);
    s->frames[d].t = t;
    s->frames[d].child = t && t->kind == TSIG_LIST ? t->elem : NULL;
    s->frames[d].next = 0;
    s->frames[d].waits = t && t->kind == TSIG_LIST && !(s->walk && has_enum(t->elem, 0));
    s->frames[d].read_at = 0;
    s->frames[d].seen = s->frames[d].seen_bytes = 0;
    s->frames[d].named = 0;
    s->frames[d].dirty = 0;
}

/* The key t[s->r.key_at..end) of the map open at the top was read. */
static void walk_key(tsig_stream *s, const char *t, size_t end)
{
    struct frame *f = &s->frames[s->r.stack.len - 1];
    f->child = NULL;
    if (!f->t) return;
    const char *key = t + s->r.key_at;
    size_t len = end - s->r.key_at;
    /* escaped, or a record too big to search field by field: left to
     * the validator */
    if (s->r.escaped || f->t->field_count > TSIG_FIELDS_SCAN_MAX) return;
    /* from the field after the last one named: keys mostly come in the
     * signature's order */
    const tsig_field *fd = tsig_field_named(f->t->fields, f->t->field_count, key, len, f->next);
    if (fd) {
        /* a repeated key's value is read by the validator without its
         * type (it knows no runs): not followed, nothing dropped */
        size_t i = (size_t)(fd - f->t->fields);
        int again = i >= 64 || (f->named >> i & 1);
        if (i < 64) f->named |= (uint64_t)1 << i;
        f->child = again ? NULL : fd->type;
        f->next = i + 1;
        return;
    }
    f->child = f->t->extra;
    if (s->walk && !f->t->extra && s->opts.mode == TSIG_MODE_STRICT && !s->pending) {
        s->pending = 1;
        s->bad_depth = s->r.stack.len;
    }
}

static char *partial_read(const tsig_stream *s, size_t *len, int whole);

/* r, a judgement of part of the text, becomes the stream's: invalid now.
 * 0 when out of memory (r is freed). */
static int keep_early(tsig_stream *s, tsig_result *r)
{
    if (s->hole_count && !tsig_result_move(r, pushed_at, pushed_line_col, s)) {
        tsig_result_free(r);
        return 0;
    }
    tsig_result_free(&s->result);
    s->result = *r;
    s->result_len = (size_t)-1; /* judged on part of the text */
    s->state = TSIG_STREAM_INVALID;
    s->judged++;
    return 1;
}

/* Validates text[0..len) (the text read so far, completed) as a return
 * value in one shot, the known runs stepped over, nothing written; then
 * keeps the errors r holds whose span ends by real, or that start at
 * real_start (the value judged by its first byte; SIZE_MAX: none): how
 * many in *kept. Takes text (freed). TSIG_ERR_NOMEM, or TSIG_OK (*kept 0
 * when the text was no JSON). */
static tsig_code judge_part(tsig_stream *s, char *text, size_t len, size_t real,
                            size_t real_start, tsig_result *r, size_t *kept)
{
    tsig_validate_options o = s->opts;
    o.flags |= TSIG_VALUE_NEVER;
    tsig_code code = tsig_validate_with_known(s->root, 0, text, len, &o, s->known, s->known_count, r);
    tsig_free(text);
    *kept = 0;
    if (code == TSIG_ERR_NOMEM) {
        tsig_result_free(r);
        return code;
    }
    tsig_issue *e = (tsig_issue *)(uintptr_t)r->errors;
    for (size_t i = 0; code == TSIG_OK && i < r->error_count; i++) {
        if (e[i].code == TSIG_ISSUE_TOO_MANY ||
            (e[i].offset + e[i].length > real && e[i].offset != real_start))
            continue;
        e[(*kept)++] = e[i];
    }
    r->error_count = *kept;
    return TSIG_OK;
}

/* The suspect value is whole: the validator judges the value read so far
 * (what is open closed) and the errors about what was really read are
 * the stream's, the first of them the earliest definite error. 1 when
 * the stream is invalid now, 0 when the suspicion was wrong (the walker
 * then stops: a wrong one costs one validation, never more), -1 when out
 * of memory. */
static TSIG_COLD int early(tsig_stream *s)
{
    s->pending = 0;
    s->kind_scalar = s->refining = 0;
    size_t len, real = s->r.cut, kept;
    if (tsig_json_push_in_string(&s->r))
        real = s->r.str_cut + 1; /* a string cut short: what is wrong with its start */
    char *text = partial_read(s, &len, 1);
    if (!text) return -1;
    tsig_result r;
    /* keep what lies in the text read: a map or list closed here, a
     * string cut short is not what the model wrote */
    if (judge_part(s, text, len, real, SIZE_MAX, &r, &kept) != TSIG_OK) return -1;
    if (!kept) {
        tsig_result_free(&r);
        s->walk = 0;
        return 0;
    }
    return keep_early(s, &r) ? 1 : -1;
}

/* The value at s->kind_at is of a kind its type never takes: judged by
 * its first byte, on the text before it, a stand-in of its kind and the
 * closers of what is open. The stand-in's error is the stream's, its span
 * that byte, with the errors about the text before it (as early() keeps
 * them). Its message is the one-shot one where that echoes nothing the
 * byte does not say (a list, a map, null, the literal the byte starts);
 * a string or number is not whole: a string is echoed "…", a number is a
 * number … (whether an int or a float, its end says). A scalar is read
 * on and judged whole then (refining). 1, or -1 when out of memory. */
static TSIG_COLD int early_kind(tsig_stream *s)
{
    unsigned char c = s->kind_byte;
    const char *stand_in = c == '{' ? "{}" : c == '[' ? "[]" : c == '"' ? "\"\xE2\x80\xA6\""
                         : c == 't' ? "true" : c == 'f' ? "false" : c == 'n' ? "null" : "0";
    size_t n, len, kept;
    const char *t = canonical(s, &n);
    tsig_strbuf sb = {0};
    tsig_sb_append(&sb, t, s->kind_at);
    tsig_sb_puts(&sb, stand_in);
    for (size_t k = s->bad_depth; k > 0; k--) tsig_sb_putc(&sb, s->r.stack.data[k - 1]);
    char *text = tsig_sb_finish(&sb, &len);
    s->kind_now = 0;
    if (!text) return -1;
    tsig_result r;
    if (judge_part(s, text, len, s->kind_at, s->kind_at, &r, &kept) != TSIG_OK) return -1;
    tsig_issue *e = (tsig_issue *)(uintptr_t)r.errors;
    for (size_t i = 0; i < kept; i++) {
        if (e[i].offset != s->kind_at) continue;
        e[i].length = 1;
        if (c == '-' || (c >= '0' && c <= '9')) {
            /* "expected T, got int 0" said of a number still arriving:
             * "expected T, got number …" (T's label may say ", got ") */
            const char *m = e[i].message, *got = m;
            for (const char *p = m; (p = strstr(p, ", got ")) != NULL; p++) got = p;
            tsig_strbuf said = {0};
            tsig_sb_append(&said, m, (size_t)(got - m));
            tsig_sb_puts(&said, ", got number \xE2\x80\xA6");
            int ok = !said.failed && tsig_result_set_message(&r, i, said.data, said.len);
            tsig_sb_release(&said);
            if (!ok) {
                tsig_result_free(&r);
                return -1;
            }
        }
    }
    if (!kept) {
        /* not the validator's reading (no such error): read on */
        tsig_result_free(&r);
        s->pending = s->kind_scalar = 0;
        s->walk = 0;
        return 0;
    }
    if (!keep_early(s, &r)) return -1;
    if (s->kind_scalar) s->refining = 1; /* and judged again when whole */
    else s->pending = 0;
    return 1;
}

/* Records the run of count elements of type from text[at..end): joined
 * to the last run when that one is of the same list and not dropped yet,
 * only a comma and whitespace between (one entry a list, whatever the
 * chunks: a byte at a time makes a run of each element). 0 when out of
 * memory. */
static int run_add(tsig_stream *s, size_t at, size_t end, size_t count, const tsig_type *type)
{
    if (s->known_count > s->known_dropped) {
        tsig_known *last = &s->known[s->known_count - 1];
        if (last->type == type && last->input == s->input && one_comma(s->text.data, last->end, at)) {
            last->end = end;
            last->count += count;
            return 1;
        }
    }
    if (s->known_count == s->known_cap) {
        size_t cap = s->known_cap ? s->known_cap * 2 : 16;
        tsig_known *k = realloc(s->known, cap * sizeof *k);
        if (!k) return 0;
        s->known = k;
        s->known_cap = cap;
    }
    s->known[s->known_count++] = (tsig_known){at, end, count, type, s->input};
    return 1;
}

/* The element being read at the top has a message or a change: so do the
 * elements of the lists around it (frames already dirty below the first
 * one met are, as dirt marks from the bottom up). */
static void dirty(tsig_stream *s)
{
    for (size_t d = s->r.stack.len; d-- > 0 && !s->frames[d].dirty;) s->frames[d].dirty = 1;
}

/* The validator of list elements, set up with the first: NULL when out of
 * memory (an element is then read as any other, the same result). */
static tsig_elements *elements_validator(tsig_stream *s)
{
    if (!s->elements) s->elements = tsig_elements_new();
    return s->elements;
}

/* The elements of the list open at the top from t[at] (one's first byte)
 * that are whole in t[0..n) and validate with no message and no change,
 * one after the other (recorded in s->known as one run): the end of the
 * last, else 0. The reader reads on from there.
 *
 * The element after them that the end of the text cut short, with nothing
 * wrong in it so far, waits for the next chunk (s->wait_at): the reader
 * stops before it, and the next push validates it from its start again
 * with what came. Tried twice and still cut short (an element longer
 * than a chunk), it is read by the reader instead (and validated alone
 * when whole, read_done), so no byte is tried more than twice. Most
 * elements a chunk cuts are thus read by the validator alone, as the
 * others. Not where an enum's string may be
 * judged by its start (the walker judges it as it comes). *clean is that
 * element's start (0: none), whether it waits or not. */
static size_t elements_known(tsig_stream *s, const char *t, size_t n, size_t at, size_t *clean)
{
    struct frame *f = &s->frames[s->r.stack.len - 1];
    if (!f->t || f->t->kind != TSIG_LIST) return 0;
    tsig_elements *e = elements_validator(s);
    if (!e) return 0;
    size_t count, waits, end = tsig_validate_elements(e, f->t->elem, s->input, t, n, at, s->r.stack.len,
                                                      &s->opts, &count, &waits);
    /* out of memory: read as any other, the same result */
    if (end && !run_add(s, at, end, count, f->t->elem)) return 0;
    if (end) {
        f->seen += count;
        f->seen_bytes += end - at;
    }
    *clean = waits;
    if (waits && f->waits) {
        if (waits != s->wait_at) {
            s->wait_at = waits;
            s->wait = WAIT_FIRST;
        } else if (s->wait == WAIT_TRIED) {
            s->wait = WAIT_READ; /* the second try: the reader reads it */
        }
    }
    return end;
}

/* The element the reader read (its start: the list's frame's read_at,
 * the end: end) is whole: validated alone, the runs in it stepped over,
 * and when it validates with no message and no change, it and they are
 * one run, as if it had been whole in one chunk. So an element longer
 * than two chunks (or any, when the chunks are a model's few bytes) is
 * read twice, by the reader and here, and dropped like the others. */
static TSIG_NOINLINE void read_done(tsig_stream *s, size_t end)
{
    struct frame *f = &s->frames[s->r.stack.len - 1];
    size_t at = f->read_at;
    f->read_at = 0;
    if (!f->t || f->t->kind != TSIG_LIST) return;
    /* one inside it, or the walker, found something: it would not
     * validate clean (and is not read again for nothing) */
    if (s->pending || f->dirty) {
        dirty(s);
        return;
    }
    size_t first = s->known_count;
    while (first && s->known[first - 1].start >= at) first--;
    /* the runs inside it (none: no pointer, s->known may be NULL) */
    const tsig_known *inside = first < s->known_count ? s->known + first : NULL;
    tsig_elements *e = elements_validator(s);
    if (!e || !tsig_validate_element(e, f->t->elem, s->input, s->text.data, at, end, s->r.stack.len,
                                     &s->opts, inside, s->known_count - first)) {
        dirty(s);
        return;
    }
    size_t count = s->known_count;
    s->known_count = first;
    if (s->known_dropped > first) s->known_dropped = first;
    if (!run_add(s, at, end, 1, f->t->elem)) {
        s->known_count = count; /* the runs in it stay: the same result */
        return;
    }
    f->seen++;
    f->seen_bytes += end - at;
}

/* A value ended at end (the push reader's part done). */
static void value_done(tsig_stream *s, size_t end)
{
    if (s->walk && s->pending && s->r.stack.len == s->bad_depth) s->check = 1;
    if (s->follow && s->r.stack.len && s->frames[s->r.stack.len - 1].read_at) read_done(s, end);
}

/* A value starts at at (its first byte, not ']'), at depth s->r.stack.len:
 * the elements of a list of a known type are validated whole as far as
 * they are here whole (TSIG_PUSH_SKIP over them), or the first waits for
 * the next chunk (TSIG_PUSH_WAIT); the walker follows its type. */
static int on_value(tsig_stream *s, const char *t, size_t n, size_t at)
{
    unsigned char c = (unsigned char)t[at];
    if (s->follow && !s->pending && s->r.stack.len && s->r.stack.data[s->r.stack.len - 1] == ']') {
        size_t clean = at;
        struct frame *lf = &s->frames[s->r.stack.len - 1];
        if (!(at == s->wait_at && s->wait == WAIT_READ)) {
            int first = at == s->wait_at && s->wait == WAIT_FIRST;
            /* fewer bytes here than the list's elements take: a try would
             * be cut short (a validator set up for nothing, in a model's
             * small chunks), so the reader reads it at once */
            int short_here = !first && lf->seen && (n - at) * lf->seen < lf->seen_bytes;
            size_t end = first || short_here ? 0 : elements_known(s, t, n, at, &clean);
            if (end) {
                value_done(s, end);
                s->r.skip_to = end;
                if (s->check) s->r.stop = 1;
                return TSIG_PUSH_SKIP;
            }
            if (at == s->wait_at && s->wait == WAIT_FIRST) {
                /* cut short by the chunk's end: tried again with the next */
                s->wait = WAIT_TRIED;
                return TSIG_PUSH_WAIT;
            }
        }
        /* the reader reads it: cut short with nothing wrong so far, it is
         * validated alone when whole (read_done) */
        if (s->wait_at == at) {
            s->wait_at = 0;
            s->wait = WAIT_NONE;
        }
        lf->dirty = 0;
        if (clean == at) lf->read_at = at;
        else dirty(s);
    }
    if (s->follow && s->r.stack.len < s->r.max_depth)
        walk_value(s, tsig_json_kind_of((char)c), c, at);
    return s->check ? TSIG_PUSH_YIELD : TSIG_PUSH_GO;
}

/* A number t[s->r.num_at..end) was read: a float where an int belongs
 * (SPEC §3: by its text), or out of a refined :int's or :float's range. */
static void number_read(tsig_stream *s, const char *t, size_t end)
{
    if (!s->walk || s->pending || !s->num_type) return;
    tsig_kind k = s->num_type->kind;
    if ((s->r.num_float && k == TSIG_INT) ||
        ((k == TSIG_INT || k == TSIG_FLOAT) && tsig_type_refined(s->num_type) &&
         !tsig_bounds_hold_number(s->num_type, t + s->r.num_at, end - s->r.num_at))) {
        s->pending = 1;
        s->bad_depth = s->r.stack.len;
    }
}

/* The push reader's steps (json.c), as the walker follows them. */
static int on_step(void *ctx, int event, size_t at)
{
    tsig_stream *s = ctx;
    const char *t = s->reading;
    switch (event) {
    case TSIG_PUSH_VALUE:
        return on_value(s, t, s->reading_len, at);
    case TSIG_PUSH_KEY:
        if (s->follow) walk_key(s, t, at);
        return TSIG_PUSH_GO;
    case TSIG_PUSH_STRING_PART:
        /* the start before a quote, an escape or any other byte the run
         * stops at is decoded: judged before it, so that a wrong byte
         * after it changes nothing (the byte is read after) */
        if (s->walk && s->str_type) string_start_judge(s, t, at);
        return s->check ? TSIG_PUSH_YIELD : TSIG_PUSH_GO;
    case TSIG_PUSH_STRING:
        /* a whole string that is no value of its enum */
        if (s->walk && s->str_type && !s->r.escaped && !s->pending &&
            !string_may_be(s, t + s->r.str_at, at - 1 - s->r.str_at, 1)) {
            s->pending = 1;
            s->bad_depth = s->r.stack.len;
        }
        break;
    case TSIG_PUSH_NUMBER:
        number_read(s, t, at);
        break;
    }
    value_done(s, at);
    return s->check ? TSIG_PUSH_YIELD : TSIG_PUSH_GO;
}

/* Reads canonical bytes t[s->r.read..n) with the push reader: 0 at the
 * first byte that can never become JSON (s->r.read is left on it), 2 at a
 * definite error about a value, 3 when the value became whole (s->r.read
 * is after it), -1 when out of memory, 1 otherwise. */
static TSIG_NOINLINE int reader(tsig_stream *s, const char *t, size_t n)
{
    s->reading = t;
    s->reading_len = n;
    for (;;) {
        tsig_push_answer a =
            tsig_json_push_read(&s->r, t, n, s->follow || s->walk ? on_step : NULL, s);
        if (a == TSIG_PUSH_NOMEM || s->frames_failed) return -1;
        if (a == TSIG_PUSH_BAD) return 0;
        if (a == TSIG_PUSH_MORE) {
            /* the start of a string read so far (decoded: no escape in it) */
            if (s->walk && s->str_type && !s->r.escaped && s->r.in_value_string)
                string_start_judge(s, t, s->r.str_cut);
            /* a scalar of a kind its type never takes, not whole yet:
             * judged by its first byte now, whole later */
            if (s->kind_scalar && s->pending && !s->check && !s->refining)
                s->kind_now = s->check = 1;
        }
        if (s->check) {
            s->check = 0;
            int e = s->kind_now ? early_kind(s) : early(s);
            if (e) return e < 0 ? -1 : 2;
        }
        if (s->r.whole) {
            s->r.whole = 0;
            return 3;
        }
        if (a == TSIG_PUSH_MORE) return 1;
    }
}

/* Text after a JSON error: the error's message names the character at
 * it ("found \"é\""), which may still be arriving; its bytes (4 at most)
 * are kept, and the text up to them judged again when they complete it.
 * Nothing else after the error is kept, but with repair, which looks ahead
 * (where a text that cannot be repaired goes wrong depends on what
 * follows): there the text is kept for end(). */
static tsig_code after_json_error(tsig_stream *s, const char *chunk, size_t len)
{
    size_t at = s->error_at, keep = at + 4, before = s->text.len;
    size_t take = len;
    if (!s->repair) take = before >= keep ? 0 : keep - before < len ? keep - before : len;
    if (s->dropped + before + take > TSIG_MAX_INPUT) return TSIG_ERR_TOO_LARGE;
    tsig_sb_append(&s->text, chunk, take);
    if (s->text.failed) return TSIG_ERR_NOMEM;
    if (before >= keep || (at < s->result_len && (unsigned char)s->text.data[at] < 0xC0))
        return TSIG_OK;
    return judge(s, s->text.len < keep ? s->text.len : keep);
}

/* Reads the canonical text from where the reader stopped: reader()'s
 * answer, -1 also when its stacks ran out of memory. */
static int read_canonical(tsig_stream *s)
{
    size_t n;
    const char *t = canonical(s, &n);
    return reader(s, t, n);
}

/* Repair (SPEC §12.1) starts at the first byte that is no JSON: until
 * then the text is its own repair, and valid JSON costs what it costs
 * without. From then on the text is read only when its partial value is
 * asked for (repaired_so_far): the reader in repair mode from the text's
 * start, and the reader again from the start of its output. */
static void start_repair(tsig_stream *s)
{
    s->repairing = 1;
    tsig_json_push_begin(&s->r, s->r.max_depth);
    s->pending = s->check = 0;
    s->kind_now = s->kind_scalar = s->refining = 0;
    s->known_count = s->known_dropped = 0;
    s->wait_at = 0;
    s->wait = WAIT_NONE;
    s->follow = 0; /* the repaired text: read as it comes */
    s->state = TSIG_STREAM_INCOMPLETE;
    s->judged++;
}

/* read_canonical; at the first byte that is no JSON with repair on, the
 * repair starts (1: nothing more is read now). */
static int read_text(tsig_stream *s)
{
    int ok = read_canonical(s);
    if (ok || !s->repair || s->repairing) return ok;
    start_repair(s);
    return 1;
}

tsig_code tsig_stream_push(tsig_stream *s, const char *chunk, size_t len,
                           tsig_stream_state *state)
{
    if (!s || (!chunk && len)) return TSIG_ERR_ARGUMENT;
    if (state) *state = s->state;
    if (len == 0) return TSIG_OK;
    /* Bad JSON is bad whatever follows; a value judged invalid is not:
     * text after it can make the whole a JSON error, end()'s answer. */
    if (s->state == TSIG_STREAM_INVALID && s->result.json_error.code != TSIG_OK)
        return after_json_error(s, chunk, len);
    if (s->dropped + s->text.len + len > TSIG_MAX_INPUT) return TSIG_ERR_TOO_LARGE;
    tsig_sb_append(&s->text, chunk, len);
    if (s->text.failed) return TSIG_ERR_NOMEM;
    /* kept for end(); a scalar judged by its first byte is read on until
     * whole (refining), to be judged whole */
    if (s->state == TSIG_STREAM_INVALID && !s->refining) return TSIG_OK;
    /* text that needed repair: read when its partial value is asked for
     * (repaired_so_far), kept for end() meanwhile */
    if (s->repairing) return TSIG_OK;
    int ok = read_text(s);
    if (ok < 0) return TSIG_ERR_NOMEM;
    tsig_code code = TSIG_OK;
    while (ok == 3) {
        /* The value is whole. Read as strict JSON, it is judged on the text
         * up to its end (what the chunk holds after it is read next), so
         * that where the chunks end changes nothing; a text that needed
         * repair is judged by end(). */
        if (!s->repairing) {
            code = judge(s, s->r.read);
            if (code != TSIG_OK) return code;
            if (s->state != TSIG_STREAM_COMPLETE && !(s->repair && s->state == TSIG_STREAM_INCOMPLETE)) {
                ok = 2;
                break;
            }
        }
        ok = read_text(s);
        if (ok < 0) return TSIG_ERR_NOMEM;
    }
    /* the text can never be JSON: judged now (with repair, by end()) */
    if (!ok && !s->repair) code = judge(s, s->text.len);
    if (s->lean && s->state == TSIG_STREAM_INCOMPLETE) compact(s);
    if (state) *state = s->state;
    return code;
}

size_t tsig_stream_known_elements(const tsig_stream *s)
{
    size_t n = 0;
    for (size_t i = 0; s && i < s->known_count; i++) n += s->known[i].count;
    return n;
}

size_t tsig_stream_kept(const tsig_stream *s)
{
    return s ? s->text.len : 0;
}

tsig_stream_state tsig_stream_get_state(const tsig_stream *s)
{
    return s ? s->state : TSIG_STREAM_INVALID;
}

const tsig_result *tsig_stream_result(const tsig_stream *s)
{
    return s && s->state != TSIG_STREAM_INCOMPLETE ? &s->result : NULL;
}

/* 1 iff the result has the entry "too many ...", which spans the whole
 * text validated (whitespace after the value too). */
static int has_too_many(const tsig_result *r)
{
    for (size_t i = 0; i < r->error_count; i++)
        if (r->errors[i].code == TSIG_ISSUE_TOO_MANY) return 1;
    for (size_t i = 0; i < r->warning_count; i++)
        if (r->warnings[i].code == TSIG_ISSUE_TOO_MANY) return 1;
    return 0;
}

tsig_code tsig_stream_end(tsig_stream *s, tsig_result *out)
{
    if (!out) return TSIG_ERR_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!s) return TSIG_ERR_ARGUMENT;
    s->ending = 1;
    /* The kept result is the one of the whole text unless text came after
     * it that the validator has not seen: ignored by repair (a warning
     * more), or the stream ended early. Ended before (the result handed
     * over): judged again, the same result. Whitespace after a whole
     * value changes nothing but the span of "too many ...". */
    int fresh = s->result_len != (size_t)-1 &&
                ((s->state == TSIG_STREAM_INVALID &&
                  (s->result_len == s->text.len ||
                   (s->result.json_error.code != TSIG_OK && !s->repair))) ||
                 (s->state == TSIG_STREAM_COMPLETE &&
                  (s->result_len == s->text.len ||
                   (tsig_json_push_done(&s->r) && !s->repair && !has_too_many(&s->result)))));
    if (!fresh) {
        tsig_code code = judge(s, s->text.len);
        if (code != TSIG_OK) return code;
    }
    /* a text that ended inside a value with repair on: read as repair
     * reads it, now that it ended (its partial value, repaired_so_far) */
    if (s->repair && !s->repairing && !tsig_json_push_done(&s->r)) start_repair(s);
    *out = s->result;
    memset(&s->result, 0, sizeof s->result);
    s->state = out->ok ? TSIG_STREAM_COMPLETE : TSIG_STREAM_INVALID;
    s->result_len = (size_t)-1;
    return out->json_error.code == TSIG_OK ? TSIG_OK : out->json_error.code;
}

/* The partial value as a cut of the canonical text: its bytes [*from,
 * *to) then close (a string's quote, the closers of what is open); 0 when
 * nothing was read (the partial value is null). */
static int cut_of(const tsig_stream *s, size_t *from, size_t *to, tsig_strbuf *close)
{
    return tsig_json_push_cut(&s->r, from, to, close);
}

/* SPEC §13.4: where the reader read no value, or a scalar with text after
 * it that no repair reads (prose after a scalar, which the one-shot call
 * refuses: its reading is then the whole text's, when there is one), the
 * text so far read whole as one bare text (SPEC §13.1 rows 1 and 2: an
 * enum value, or a string where the type takes any) is the value that
 * reading gives if the text ended here, unless what it reads may still
 * become a literal or a number (tsig_json_may_be_written) and the stream
 * has not ended. 1 when written into sb. Reads the text so far: a bare
 * answer's partial value is its text, as any partial value is the value
 * so far. */
static TSIG_COLD int whole_so_far(const tsig_stream *s, tsig_strbuf *sb)
{
    const char *t = s->text.data;
    size_t n = s->text.len;
    if (!t) return 0;
    tsig_repair rp;
    tsig_repair_init(&rp, s->r.max_depth);
    int read = tsig_read_whole_text(s->root, t, n, &rp) && !rp.out.failed && rp.map_count;
    /* where the reading starts (after a fence's first line and blanks) */
    size_t a = read ? rp.map[1] : 0;
    if (read && (s->ending || !tsig_json_may_be_written(t + a, n - a)))
        tsig_sb_append(sb, rp.out.data, rp.out.len);
    else read = 0;
    tsig_repair_release(&rp);
    return read;
}

/* The partial value of what the reader has read (whole: with a leading
 * byte-order mark, for the validator). */
static TSIG_COLD char *partial_read(const tsig_stream *s, size_t *len, int whole)
{
    size_t n, from, to, at, rf, rt;
    const char *t = canonical(s, &n);
    tsig_strbuf close = {0}, sb = {0};
    if (s->repairing && tsig_json_push_awaits_member(&s->r, &at) &&
        tsig_json_push_open_reading(&s->rp.r, s->text.data, s->text.len, &rf, &rt)) {
        /* a reading not closed yet (SPEC §13.1) shows its text so far */
        from = whole ? 0 : s->r.bom;
        tsig_sb_append(&sb, t + from, at - from);
        tsig_json_escape(&sb, s->text.data + rf, rt - rf);
        for (size_t k = s->r.stack.len; k > 0; k--) tsig_sb_putc(&sb, s->r.stack.data[k - 1]);
    } else {
        int some = cut_of(s, &from, &to, &close);
        size_t v = from;
        while (some && v < to && tsig_json_is_ws((unsigned char)t[v])) v++;
        /* no value read, or a scalar no repair reads on from: the repair
         * refused what follows it, or left it as it is for the reader to
         * refuse */
        int scalar = some && v < to && t[v] != '{' && t[v] != '[';
        int whole_text = s->repairing && (!some || (scalar && (tsig_json_push_refused(&s->rp.r) ||
                                                               tsig_json_push_refused(&s->r))));
        if (whole_text && whole_so_far(s, &sb)) {
            /* the text read whole */
        } else if (!some) {
            tsig_sb_puts(&sb, "null");
        } else {
            if (whole) from = 0;
            tsig_sb_append(&sb, t + from, to - from);
            tsig_sb_append(&sb, close.data ? close.data : "", close.len);
            if (close.failed) sb.failed = 1;
        }
    }
    tsig_sb_release(&close);
    return tsig_sb_finish(&sb, len);
}

/* When an element waits for more text (elements_known), *c is a copy of
 * the reader (its syntax alone) that read on over it, as a reader that did
 * not wait would have: 1; 0 when none waits; -1 when out of memory.
 * Release c->r.stack. */
static TSIG_COLD int read_on(const tsig_stream *s, tsig_stream *c)
{
    if (s->wait != WAIT_TRIED || s->r.read != s->wait_at) return 0;
    *c = *s;
    c->r.stack = (tsig_strbuf){0};
    tsig_sb_append(&c->r.stack, s->r.stack.data, s->r.stack.len);
    c->follow = c->walk = c->check = c->pending = c->r.whole = 0;
    size_t n;
    const char *t = canonical(s, &n);
    if (!c->r.stack.failed && tsig_json_push_read(&c->r, t, n, NULL, NULL) != TSIG_PUSH_NOMEM)
        return 1;
    tsig_sb_release(&c->r.stack);
    return -1;
}

/* Text that needed repair is read only when its partial value is asked
 * for: nothing is judged before end() (SPEC §13.4), which validates the
 * whole text in one shot. The reader in repair mode, then the reader of
 * the repaired text, go on from where they stopped (in a stream whose
 * partial value is asked for after each push, what each push brought:
 * linear still), the last time with the end of the text known once the
 * stream ended. 0 when out of memory. */
static int repaired_so_far(tsig_stream *s)
{
    if (s->repaired_len == s->text.len && s->repaired_ending == s->ending) return 1;
    if (!tsig_repair_run(&s->rp, s->text.data ? s->text.data : "", s->text.len, s->ending)) return 0;
    int ok;
    while ((ok = read_canonical(s)) == 3) {}
    if (ok < 0) return 0;
    s->repaired_len = s->text.len;
    s->repaired_ending = s->ending;
    return 1;
}

char *tsig_stream_partial(const tsig_stream *s, size_t *len)
{
    if (!s || s->lean) return NULL;
    /* what the readers read of a repaired text is a cache of the text the
     * stream holds: the stream (made by tsig_stream_new, never a const
     * object) is the same to its caller before and after */
    if (s->repairing && !repaired_so_far((tsig_stream *)(uintptr_t)s)) return NULL;
    tsig_stream c;
    int on = read_on(s, &c);
    if (on < 0) return NULL;
    char *p = partial_read(on ? &c : s, len, 0);
    if (on) tsig_sb_release(&c.r.stack);
    return p;
}

tsig_code tsig_stream_partial_cut(const tsig_stream *s, size_t *from, size_t *to, char **close)
{
    if (!from || !to || !close) return TSIG_ERR_ARGUMENT;
    *from = *to = 0;
    *close = NULL;
    if (!s) return TSIG_ERR_ARGUMENT;
    tsig_stream c;
    int on = read_on(s, &c);
    if (on < 0) return TSIG_ERR_NOMEM;
    const tsig_stream *r = on ? &c : s;
    tsig_strbuf sb = {0};
    if (s->repairing) { /* its partial value is the repaired text */
        if (on) tsig_sb_release(&c.r.stack);
        return TSIG_ERR_ARGUMENT;
    }
    int some = cut_of(r, from, to, &sb);
    if (on) tsig_sb_release(&c.r.stack);
    if (!some) {
        tsig_sb_release(&sb);
        *from = *to = 0;
        return TSIG_OK;
    }
    *from = pushed_at(s, *from);
    *to = pushed_at(s, *to);
    *close = tsig_sb_finish(&sb, NULL);
    return *close ? TSIG_OK : TSIG_ERR_NOMEM;
}

/* ---- what the JSON boundary asks (api.c) ------------------------------- */

int tsig_stream_judged_anew(tsig_stream *s)
{
    int anew = s->judged != s->told;
    s->told = s->judged;
    return anew;
}

int tsig_stream_partial_is_text(const tsig_stream *s)
{
    /* a whole value read as given, and only whitespace after it (the
     * reader stops on any other byte): its partial value is the text */
    return s && !s->repairing && tsig_json_push_done(&s->r) && s->r.read == s->text.len;
}

int tsig_stream_drops_text(const tsig_stream *s)
{
    return s && s->lean;
}
