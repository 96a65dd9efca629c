/*
 * stream.c: JSON text validated as it arrives (SPEC §12.2): the stream
 * object. It keeps the chunks (the text so far, or what of it is still
 * needed), its state, its result and its partial value; the validator fed
 * in chunks (tsig_feed, validate_feed.c) reads the text, follows the type
 * and judges what is wrong before the value is whole.
 *
 * When the feed reads a whole value, the text up to its end is validated
 * in one shot (so where chunks end changes nothing), and at the first
 * byte that can never become JSON the text so far; that result is kept.
 * end() returns it, or validates the whole text again when more came
 * after it (text after a value judged invalid, or ignored by repair,
 * whose warning belongs to the result). With repair on, the text is its
 * own repair until its first byte that is no JSON (valid JSON costs what
 * it costs without); from there nothing is judged before end() (SPEC
 * §13.4), which validates the whole text in one shot, so a push only
 * keeps the text, and the text is read when its partial value is asked
 * for (repaired_so_far): a second push reader, in repair mode
 * (tsig_repair_run, which resumes where it stopped), reads what came
 * since it last read, and the feed's reader reads its output, from its
 * start the first time.
 *
 * Memory: the stream keeps the text (the validator and the partial value
 * read it). When the caller keeps the text (TSIG_CALLER_KEEPS_TEXT,
 * without repair), the feed's runs (list elements and long member values
 * validated) are dropped from the text as they are read (compact), each
 * left as one placeholder byte the validation steps over, runs of one
 * list joined into one: what is kept is the text outside list elements
 * and long member values, the element or value being read, those with a
 * message, and text after a value judged invalid (end() judges it). Positions in results are moved back to the text pushed
 * (pushed_at, pushed_line_col), the partial value is a cut of that text
 * (tsig_stream_partial_cut), and a changed value is not written (the
 * caller validates its text for it).
 */
#include "internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Built for speed (-O3) but one copy of each: compact has one hot caller;
 * the partial value is off the hot path (TSIG_COLD). */

struct tsig_stream {
    const tsig_signature *sig;
    int input;
    tsig_validate_options opts;
    int repair;         /* asked for */
    int repairing;      /* begun: the feed reads the repaired text */
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
    tsig_feed feed;     /* the validator fed in chunks, and its reader */
    tsig_type args;     /* input: the parameters as one map */
    const tsig_type *root; /* the type of the value: args or the returns */
    /* TSIG_CALLER_KEEPS_TEXT: the feed's runs of known elements are
     * dropped from text as they are read (compact), each left as one
     * placeholder byte that the validation of the whole text steps over as
     * the run (a "0": JSON, should anything read it as a value).
     * known[0..known_dropped) are such placeholders, holes[i] known[i]'s;
     * holes[known_dropped..hole_count) lie inside known[known_dropped], an
     * element whole since the last compact that holds runs dropped before
     * (read_done). */
    int lean;
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
    /* repair may start late, and reads the text from its start */
    s->lean = (o.flags & TSIG_CALLER_KEEPS_TEXT) && !s->repair;
    s->opts.flags &= ~TSIG_CALLER_KEEPS_TEXT;
    /* The arguments are the fields of one map, as tsig_validate_input_json
     * reads them. */
    s->args.kind = TSIG_RECORD;
    s->args.fields = sig->params;
    s->args.field_count = sig->param_count;
    s->root = input ? &s->args : sig->returns;
    /* Definite errors are looked for before the end where one is certain:
     * return values (arguments are coerced), errors that fail, the text as
     * given (repair moves positions). */
    int walk = !input && !s->repair && sig->returns &&
               (o.mode == TSIG_MODE_ENABLED || o.mode == TSIG_MODE_STRICT);
    tsig_feed_begin(&s->feed, s->root, input, &s->opts, walk, s->lean, tsig_depth_limit(&o));
    tsig_repair_init(&s->rp, s->feed.r.max_depth);
    tsig_read_type_begin(&s->rt, &s->rp, s->root, input);
    return s;
}

void tsig_stream_free(tsig_stream *s)
{
    if (!s) return;
    tsig_repair_release(&s->rp);
    tsig_read_type_release(&s->rt);
    tsig_sb_release(&s->text);
    tsig_feed_release(&s->feed);
    tsig_result_free(&s->result);
    free(s->holes);
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

/* The hole x, after what *h says. */
static void hole_join(struct hole *h, const struct hole *x)
{
    h->len += x->len;
    h->lines += x->lines;
    h->tail = x->lines ? x->tail : h->tail + x->len;
}

/* Drops the runs of known elements not dropped yet from text (all lie
 * before where the reader is), a run right after another of the same
 * list (a comma between) joining it; holes dropped before inside a run
 * (an element validated whole after the reader read it, read_done) are
 * folded into its own. Only runs followed by what may follow an element
 * or a member value (whitespace, ',', ']' or '}') are dropped, the others
 * left for a later push:
 * the placeholder, should a reader that knows no runs read it (the value
 * of a repeated key), then reads as the run did, never as a number going
 * on. Once per push: moves what follows the first such run, a chunk's
 * worth. Out of memory: kept as they are. */
static TSIG_NOINLINE void compact(tsig_stream *s)
{
    char *t = s->text.data;
    tsig_feed *f = &s->feed;
    size_t first = f->known_dropped, stop = first;
    for (; stop < f->known_count; stop++) {
        size_t e = f->known[stop].end;
        if (e >= s->text.len ||
            !(tsig_json_is_ws((unsigned char)t[e]) || t[e] == ',' || t[e] == ']' || t[e] == '}'))
            break;
    }
    if (stop == first) return;
    if (s->hole_cap < f->known_count) {
        struct hole *h = realloc(s->holes, f->known_count * sizeof *h);
        if (!h) return;
        s->holes = h;
        s->hole_cap = f->known_count;
    }
    size_t w = f->known[first].start, r = w, kept = first;
    /* the holes inside known[first] (the only run that has any): all read
     * before holes[first] is written */
    size_t inner = first;
    for (size_t i = first; i < stop; i++) {
        tsig_known k = f->known[i];
        tsig_feed_moved(f, r, k.start, w);
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
        int join = prev && !k.value && f->known[kept - 1].type == k.type &&
                   f->known[kept - 1].input == k.input && tsig_json_one_comma(t, sep, w);
        if (join) {
            hole_add(prev, t, sep, w);  /* the comma between */
            hole_join(prev, &h);
            f->known[kept - 1].count += k.count;
            w = sep;
        } else {
            s->holes[kept] = h;
            f->known[kept++] = (tsig_known){w, w + 1, k.count, k.type, k.input, k.value};
            t[w++] = '0';
        }
        r = k.end;
    }
    memmove(t + w, t + r, s->text.len - r);
    size_t by = r - w;
    s->text.len -= by;
    s->dropped += by;
    /* the runs left for later, moved with the text */
    for (size_t i = stop; i < f->known_count; i++) {
        tsig_known k = f->known[i];
        k.start -= by;
        k.end -= by;
        f->known[kept + i - stop] = k;
    }
    f->known_count = kept + f->known_count - stop;
    f->known_dropped = s->hole_count = kept;
    /* what points after the runs */
    tsig_feed_dropped(f, r, by);
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
    tsig_code code = s->feed.known_count && !s->repairing
                         ? tsig_validate_with_known(s->root, s->input, t, len, &o, s->feed.known,
                                                    s->feed.known_count, &s->result)
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
    s->feed.refining = 0; /* judged with the text so far: nothing more to read */
    return TSIG_OK;
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

/* r, the feed's judgement of part of the text, becomes the stream's:
 * invalid now. 0 when out of memory (r is freed). */
static TSIG_COLD int keep_early(tsig_stream *s, tsig_result *r)
{
    if (s->hole_count && !tsig_result_move(r, pushed_at, pushed_line_col, s)) {
        tsig_result_free(r);
        return 0;
    }
    tsig_result_free(&s->result);
    s->result = *r;
    memset(r, 0, sizeof *r);
    s->result_len = (size_t)-1; /* judged on part of the text */
    s->state = TSIG_STREAM_INVALID;
    s->judged++;
    return 1;
}

/* Reads the canonical text from where the feed stopped: tsig_feed_read's
 * answer (its early result kept), -1 also when out of memory. */
static inline int read_canonical(tsig_stream *s)
{
    size_t n;
    const char *t = canonical(s, &n);
    int ok = tsig_feed_read(&s->feed, t, n);
    if (ok == 2 && !keep_early(s, &s->feed.early)) return -1;
    return ok;
}

/* Repair (SPEC §12.1) starts at the first byte that is no JSON: until
 * then the text is its own repair, and valid JSON costs what it costs
 * without. From then on the text is read only when its partial value is
 * asked for (repaired_so_far): the reader in repair mode from the text's
 * start, and the reader again from the start of its output. */
static void start_repair(tsig_stream *s)
{
    s->repairing = 1;
    tsig_feed_restart(&s->feed);
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
    if (s->state == TSIG_STREAM_INVALID && !s->feed.refining) return TSIG_OK;
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
            code = judge(s, s->feed.r.read);
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
    return s ? tsig_feed_known_elements(&s->feed) : 0;
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
                   (tsig_json_push_done(&s->feed.r) && !s->repair && !has_too_many(&s->result)))));
    if (!fresh) {
        tsig_code code = judge(s, s->text.len);
        if (code != TSIG_OK) return code;
    }
    /* a text that ended inside a value with repair on: read as repair
     * reads it, now that it ended (its partial value, repaired_so_far) */
    if (s->repair && !s->repairing && !tsig_json_push_done(&s->feed.r)) start_repair(s);
    *out = s->result;
    memset(&s->result, 0, sizeof s->result);
    s->state = out->ok ? TSIG_STREAM_COMPLETE : TSIG_STREAM_INVALID;
    s->result_len = (size_t)-1;
    return out->json_error.code == TSIG_OK ? TSIG_OK : out->json_error.code;
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
    tsig_repair_init(&rp, s->feed.r.max_depth);
    int read = tsig_read_whole_text(s->root, t, n, &rp) && !rp.out.failed && rp.map_count;
    /* where the reading starts (after a fence's first line and blanks) */
    size_t a = read ? rp.map[1] : 0;
    if (read && (s->ending || !tsig_json_may_be_written(t + a, n - a)))
        tsig_sb_append(sb, rp.out.data, rp.out.len);
    else read = 0;
    tsig_repair_release(&rp);
    return read;
}

/* The partial value of what r, the feed's reader (or a copy of it that
 * read on, tsig_feed_read_on), has read. */
static TSIG_COLD char *partial_read(const tsig_stream *s, const tsig_json_push *r, size_t *len)
{
    size_t n, from, to, at, rf, rt;
    const char *t = canonical(s, &n);
    tsig_strbuf close = {0}, sb = {0};
    if (s->repairing && tsig_json_push_awaits_member(r, &at) &&
        tsig_json_push_open_reading(&s->rp.r, s->text.data, s->text.len, &rf, &rt)) {
        /* a reading not closed yet (SPEC §13.1) shows its text so far */
        from = r->bom;
        tsig_sb_append(&sb, t + from, at - from);
        tsig_json_escape(&sb, s->text.data + rf, rt - rf);
        for (size_t k = r->stack.len; k > 0; k--) tsig_sb_putc(&sb, r->stack.data[k - 1]);
    } else {
        int some = tsig_json_push_cut(r, &from, &to, &close);
        size_t v = from;
        while (some && v < to && tsig_json_is_ws((unsigned char)t[v])) v++;
        /* no value read, or a scalar no repair reads on from: the repair
         * refused what follows it, or left it as it is for the reader to
         * refuse */
        int scalar = some && v < to && t[v] != '{' && t[v] != '[';
        int whole_text = s->repairing && (!some || (scalar && (tsig_json_push_refused(&s->rp.r) ||
                                                               tsig_json_push_refused(r))));
        if (whole_text && whole_so_far(s, &sb)) {
            /* the text read whole */
        } else if (!some) {
            tsig_sb_puts(&sb, "null");
        } else {
            tsig_sb_append(&sb, t + from, to - from);
            tsig_sb_append(&sb, close.data ? close.data : "", close.len);
            if (close.failed) sb.failed = 1;
        }
    }
    tsig_sb_release(&close);
    return tsig_sb_finish(&sb, len);
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

/* The reader whose cut is the partial value: the feed's, or *c, a copy of
 * it that read on over an element waiting for more text (*on 1: the caller
 * releases c->stack). NULL when out of memory. */
static const tsig_json_push *partial_reader(const tsig_stream *s, tsig_json_push *c, int *on)
{
    size_t n;
    const char *t = canonical(s, &n);
    *on = tsig_feed_read_on(&s->feed, t, n, c);
    return *on < 0 ? NULL : *on ? c : &s->feed.r;
}

char *tsig_stream_partial(const tsig_stream *s, size_t *len)
{
    if (!s || s->lean) return NULL;
    /* what the readers read of a repaired text is a cache of the text the
     * stream holds: the stream (made by tsig_stream_new, never a const
     * object) is the same to its caller before and after */
    if (s->repairing && !repaired_so_far((tsig_stream *)(uintptr_t)s)) return NULL;
    tsig_json_push c;
    int on;
    const tsig_json_push *r = partial_reader(s, &c, &on);
    if (!r) return NULL;
    char *p = partial_read(s, r, len);
    if (on) tsig_sb_release(&c.stack);
    return p;
}

tsig_code tsig_stream_partial_cut(const tsig_stream *s, size_t *from, size_t *to, char **close)
{
    if (!from || !to || !close) return TSIG_ERR_ARGUMENT;
    *from = *to = 0;
    *close = NULL;
    if (!s) return TSIG_ERR_ARGUMENT;
    if (s->repairing) return TSIG_ERR_ARGUMENT; /* its partial value is the repaired text */
    tsig_json_push c;
    int on;
    const tsig_json_push *r = partial_reader(s, &c, &on);
    if (!r) return TSIG_ERR_NOMEM;
    tsig_strbuf sb = {0};
    int some = tsig_json_push_cut(r, from, to, &sb);
    if (on) tsig_sb_release(&c.stack);
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
    return s && !s->repairing && tsig_json_push_done(&s->feed.r) && s->feed.r.read == s->text.len;
}

int tsig_stream_drops_text(const tsig_stream *s)
{
    return s && s->lean;
}
