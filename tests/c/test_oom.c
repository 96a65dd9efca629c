/*
 * test_oom.c: every allocation of every public entry point may fail, and
 * the caller still gets a clean answer.
 *
 * This executable replaces malloc, calloc, realloc and free (forwarding to
 * glibc's __libc_* functions), so every allocation of the core, of cJSON
 * and of the in-memory command line goes through the injector below. The
 * injector counts allocations, can make the k-th one fail (mode "one") or
 * every one from the k-th on (mode "all"), and keeps a table of the blocks
 * allocated and not yet freed.
 *
 * Each operation is run once without failure, which gives its outcome (a
 * text written without allocating) and N, the allocations it makes; then,
 * for k = 1..N and both modes, with the k-th allocation failing. Each such
 * run must:
 *   - end (no crash, no hang: the test reaches its summary);
 *   - answer either exactly the outcome of the run without failure, or a
 *     clean out-of-memory answer (TSIG_ERR_NOMEM, NULL, the command line's
 *     "toolsig: out of memory"), as include/toolsig.h promises;
 *   - leave no block allocated once its results are released, and free
 *     nothing it did not allocate;
 *   - leave the library usable: the same operation run again without
 *     failure gives the normal outcome.
 * Every failed check names the operation, k and the mode.
 *
 * TSIG_OOM_ONLY=<text> sweeps only the operations whose label holds text;
 * TSIG_OOM_VERBOSE=1 prints each operation's allocation count, and =2 its
 * normal outcome too.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "harness.h"
#include "internal.h"

/* ---- the allocator ----------------------------------------------------- */

/* glibc's own allocator, which the functions below forward to. */
void *__libc_malloc(size_t size);
void *__libc_calloc(size_t count, size_t size);
void *__libc_realloc(void *ptr, size_t size);
void __libc_free(void *ptr);

/* Slots of the table of live blocks (a power of two); an operation here
 * holds far fewer blocks at once. */
#define LIVE_CAP 65536u

/* What the injector does and saw during one run (active). Outside a run
 * (active 0) allocations are only forwarded. */
static struct injector {
    int active;
    size_t count;         /* allocations asked for during the run */
    size_t fail_at;       /* the allocation (1-based) that fails; 0: none */
    int fail_rest;        /* mode "all": every allocation from fail_at on fails */
    size_t injected;      /* allocations answered with NULL */
    size_t live;          /* blocks allocated during the run and not freed */
    size_t used;          /* table slots live or deleted */
    size_t foreign_frees; /* frees of blocks the run did not allocate */
    int table_full;
} inj;

static void *live_table[LIVE_CAP];
static char deleted_marker; /* &deleted_marker marks a deleted slot */
#define DELETED ((void *)&deleted_marker)

static size_t live_slot(const void *p)
{
    uint64_t h = (uint64_t)(uintptr_t)p >> 4;
    h ^= h >> 17;
    h *= 0x9E3779B97F4A7C15u;
    return (size_t)(h >> 40) & (LIVE_CAP - 1);
}

static void live_add(void *p)
{
    if (inj.used + 1 > LIVE_CAP / 4 * 3) {
        inj.table_full = 1;
        return;
    }
    size_t i = live_slot(p);
    while (live_table[i] && live_table[i] != DELETED) i = (i + 1) & (LIVE_CAP - 1);
    if (!live_table[i]) inj.used++;
    live_table[i] = p;
    inj.live++;
}

/* Removes p from the table; 0 when it is not there. */
static int live_remove(const void *p)
{
    for (size_t i = live_slot(p); live_table[i]; i = (i + 1) & (LIVE_CAP - 1)) {
        if (live_table[i] == p) {
            live_table[i] = DELETED;
            inj.live--;
            return 1;
        }
    }
    return 0;
}

/* Counts one allocation of a run; 1 when it is to fail. */
static int inj_should_fail(void)
{
    if (!inj.active) return 0;
    inj.count++;
    if (inj.fail_at &&
        (inj.count == inj.fail_at || (inj.fail_rest && inj.count > inj.fail_at))) {
        inj.injected++;
        return 1;
    }
    return 0;
}

void *malloc(size_t size)
{
    if (inj_should_fail()) return NULL;
    void *p = __libc_malloc(size);
    if (p && inj.active) live_add(p);
    return p;
}

void *calloc(size_t count, size_t size)
{
    if (inj_should_fail()) return NULL;
    void *p = __libc_calloc(count, size);
    if (p && inj.active) live_add(p);
    return p;
}

/* A failed realloc leaves the old block as it was (and live), as C says. */
void *realloc(void *ptr, size_t size)
{
    if (inj_should_fail()) return NULL;
    void *p = __libc_realloc(ptr, size);
    if (inj.active && ptr && (p || size == 0) && !live_remove(ptr))
        inj.foreign_frees++;
    if (p && inj.active) live_add(p);
    return p;
}

void free(void *ptr)
{
    if (!ptr) return;
    if (inj.active && !live_remove(ptr)) inj.foreign_frees++;
    __libc_free(ptr);
}

/* Starts a run: the fail_at-th allocation fails (0: none), and every one
 * after it too when rest. */
static void inj_start(size_t fail_at, int rest)
{
    memset(live_table, 0, sizeof live_table);
    memset(&inj, 0, sizeof inj);
    inj.fail_at = fail_at;
    inj.fail_rest = rest;
    inj.active = 1;
}

static void inj_stop(void)
{
    inj.active = 0;
}

/* ---- outcomes: what an operation answered, as text -------------------- */

enum { R_OK = 0, R_NOMEM = 1, R_BAD = 2 };

#define OUT_MAX 65536u

typedef struct outcome {
    int status;
    size_t len;
    int overflow;
    char text[OUT_MAX];
} outcome;

/* The outcome being written (by the running operation) and the normal one. */
static outcome got, want;

static void out_bytes(const void *s, size_t n)
{
    if (n > OUT_MAX - got.len) {
        got.overflow = 1;
        n = OUT_MAX - got.len;
    }
    memcpy(got.text + got.len, s, n);
    got.len += n;
}

static void out_str(const char *s)
{
    if (s) out_bytes(s, strlen(s));
    else out_bytes("(null)", 6);
}

/* printf-style, without allocating (tsig_vsnprintf). */
static void out_fmt(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
static void out_fmt(const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = tsig_vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    out_bytes(buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

/* An answer the header does not allow: written, and the run reported. */
static int bad(const char *what)
{
    out_str("\nBAD: ");
    out_str(what);
    return R_BAD;
}

/* An error struct filled for running out of memory. */
static int nomem_error(const tsig_error *err)
{
    return strcmp(err->message, "out of memory") == 0 ? R_NOMEM
                                                        : bad("no \"out of memory\" message");
}

static void out_error(const tsig_error *err)
{
    out_fmt("error %s at %zu:%zu+%zu: %s [hint: %s]\n", tsig_code_name(err->code),
            err->line, err->column, err->offset, err->message, err->hint);
}

static void out_type(const tsig_type *t)
{
    switch (tsig_type_kind(t)) {
    case TSIG_LIST:
        out_str("[");
        out_type(tsig_type_elem(t));
        out_str("]");
        return;
    case TSIG_OPTIONAL:
        out_type(tsig_type_elem(t));
        out_str("?");
        return;
    case TSIG_RECORD:
        out_str("{");
        for (size_t i = 0; i < tsig_type_field_count(t); i++) {
            size_t n = 0;
            const char *name = tsig_type_field_name(t, i, &n);
            out_bytes(name, n);
            out_str(" ");
            out_type(tsig_type_field_type(t, i));
            out_str(";");
        }
        out_str("}");
        return;
    case TSIG_STRING:
    case TSIG_INT:
    case TSIG_FLOAT:
    case TSIG_BOOL:
    case TSIG_KEYWORD:
    case TSIG_ANY:
    case TSIG_MAP:
    case TSIG_DATETIME:
    case TSIG_ENUM:
    case TSIG_UNION:
        out_fmt("<%d>", (int)tsig_type_kind(t));
        return;
    }
}

/* The tree of a signature, read through the accessors (no allocation). */
static void out_sig(const tsig_signature *sig)
{
    out_str("sig (");
    for (size_t i = 0; i < tsig_param_count(sig); i++) {
        size_t n = 0;
        const char *name = tsig_param_name(sig, i, &n);
        out_bytes(name, n);
        out_str(" ");
        out_type(tsig_param_type(sig, i));
        out_str(", ");
    }
    out_fmt(") list=%d -> ", tsig_returns_list(sig));
    out_type(tsig_returns(sig));
    out_str("\n");
}

static void out_issues(const char *what, const tsig_issue *list, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        out_fmt("%s ", what);
        out_bytes(list[i].path, list[i].path_len);
        out_str(" [");
        for (size_t s = 0; s < list[i].segment_count; s++) {
            const tsig_segment *seg = &list[i].segments[s];
            if (seg->key) {
                out_str("'");
                out_bytes(seg->key, seg->key_len);
                out_str("'");
            } else {
                out_fmt("%zu", seg->index);
            }
            out_str(",");
        }
        out_str("]: ");
        out_bytes(list[i].message, list[i].message_len);
        out_str("\n");
    }
}

static void out_result(tsig_code code, const tsig_result *r)
{
    out_fmt("%s ok=%d changed=%d value=", tsig_code_name(code), r->ok, r->changed);
    if (r->value_json) out_bytes(r->value_json, r->value_len);
    else out_str("(none)");
    out_str("\n");
    out_issues("error", r->errors, r->error_count);
    out_issues("warning", r->warnings, r->warning_count);
    if (r->json_error.code != TSIG_OK) out_error(&r->json_error);
}

static void out_messages(const tsig_messages *m)
{
    for (size_t i = 0; i < m->count; i++) {
        out_str("warning ");
        out_str(m->items[i]);
        out_str("\n");
    }
}

/* A returned string; NULL means out of memory. */
static int out_text(const char *what, char *text, size_t len)
{
    if (!text) return R_NOMEM;
    out_fmt("%s (%zu): ", what, len);
    out_bytes(text, len);
    out_str("\n");
    int wrong = strlen(text) != len;
    tsig_free(text);
    return wrong ? bad("length differs from the text") : R_OK;
}

/* ---- the operations ------------------------------------------------------ */

typedef struct op_case op_case;

/* Runs one operation, writes its outcome with out_*, releases everything it
 * got and returns R_OK, R_NOMEM (a clean out-of-memory answer) or R_BAD. */
typedef int (*op_fn)(const op_case *c, const tsig_signature *sig);

struct op_case {
    const char *label;
    op_fn fn;
    const char *sig;  /* parsed outside the runs and given to fn; NULL: none */
    const char *text; /* the operation's input */
    const char *text2;
    int which;        /* the variant of fn (redact mode, api function...) */
    int input;        /* validate the parameters / their schema */
    tsig_mode mode;
    size_t max_errors, max_depth;
    unsigned flags;
    int null_ok;                     /* NULL is also the normal answer */
    const char *const *argv;         /* op_cli */
    const cli_memory_file *files;
    size_t file_count;
};

static int op_parse(const op_case *c, const tsig_signature *unused)
{
    (void)unused;
    tsig_error err;
    tsig_signature *sig = tsig_parse(c->text, strlen(c->text), &err);
    if (sig) {
        out_sig(sig);
        tsig_signature_free(sig);
        return R_OK;
    }
    if (err.code == TSIG_ERR_NOMEM) return nomem_error(&err);
    out_error(&err);
    return R_OK;
}

/* Parses a bad signature and formats its error with the caret picture. */
static int op_error_format(const op_case *c, const tsig_signature *unused)
{
    (void)unused;
    tsig_error err;
    size_t len = strlen(c->text);
    tsig_signature *sig = tsig_parse(c->text, len, &err);
    if (sig) {
        tsig_signature_free(sig);
        return bad("a bad signature parsed");
    }
    if (err.code == TSIG_ERR_NOMEM) return R_NOMEM;
    char *text = tsig_error_format(&err, "signature", c->text, len);
    return out_text("text", text, text ? strlen(text) : 0);
}

/* Runs call (which writes the text's length to n) and writes its text;
 * returns from the operation unless it answered one. */
#define TEXT(what, call)                                                   \
    do {                                                                   \
        n = 0;                                                             \
        char *text_ = (call);                                              \
        int rc_ = out_text((what), text_, n);                              \
        if (rc_ != R_OK) return rc_;                                       \
    } while (0)

/* tsig_format (with and without hiding), tsig_format_type of every
 * parameter and the return type, and tsig_ast_json. */
static int op_format(const op_case *c, const tsig_signature *sig)
{
    (void)c;
    size_t n;
    TEXT("canonical", tsig_format(sig, 0, &n));
    TEXT("hidden", tsig_format(sig, TSIG_FORMAT_HIDE_FIREWALLED, &n));
    for (size_t i = 0; i < tsig_param_count(sig); i++)
        TEXT("param", tsig_format_type(tsig_param_type(sig, i), 0, &n));
    TEXT("returns", tsig_format_type(tsig_returns(sig), 0, &n));
    TEXT("returns hidden", tsig_format_type(tsig_returns(sig), TSIG_FORMAT_HIDE_FIREWALLED, &n));
    TEXT("ast", tsig_ast_json(sig, &n));
    return R_OK;
}

/* Validates c->text (as input when c->input) with c's options. */
static tsig_code validate(const op_case *c, const tsig_signature *sig, tsig_result *r)
{
    tsig_validate_options opts = {c->mode, c->max_errors, c->max_depth, c->flags};
    size_t len = strlen(c->text);
    return c->input ? tsig_validate_input_json(sig, c->text, len, &opts, r)
                    : tsig_validate_json(sig, c->text, len, &opts, r);
}

static int op_validate(const op_case *c, const tsig_signature *sig)
{
    tsig_result r;
    tsig_code code = validate(c, sig, &r);
    int rc = R_OK;
    if (code == TSIG_ERR_NOMEM) {
        if (r.ok) rc = bad("out of memory, and ok");
        else rc = R_NOMEM;
    } else {
        out_result(code, &r);
    }
    tsig_result_free(&r);
    return rc;
}

/* A stream fed c->text c->which bytes at a time (0: three): the state and
 * the partial value after each push, then end()'s result. */
static int op_stream(const op_case *c, const tsig_signature *sig)
{
    tsig_validate_options o = {c->mode, c->max_errors, c->max_depth, c->flags};
    tsig_stream *s = tsig_stream_new(sig, c->input, &o);
    if (!s) return R_NOMEM;
    size_t len = strlen(c->text), chunk = c->which ? (size_t)c->which : 3;
    for (size_t at = 0; at < len; at += chunk) {
        tsig_stream_state st;
        if (tsig_stream_push(s, c->text + at, len - at < chunk ? len - at : chunk, &st) ==
            TSIG_ERR_NOMEM) {
            tsig_stream_free(s);
            return R_NOMEM;
        }
        size_t n, from, to;
        char *p = NULL, *close = NULL;
        int cut = (c->flags & TSIG_CALLER_KEEPS_TEXT) != 0;
        /* a stream that drops what it read tells where to cut the text */
        if (cut ? tsig_stream_partial_cut(s, &from, &to, &close) != TSIG_OK
                : (p = tsig_stream_partial(s, &n)) == NULL) {
            tsig_stream_free(s);
            return R_NOMEM;
        }
        out_fmt("%d ", (int)st);
        if (cut && close) {
            out_bytes(c->text + from, to - from);
            out_str(close);
        } else if (cut) {
            out_str("null");
        } else {
            out_bytes(p, n);
        }
        out_str("\n");
        tsig_free(p);
        tsig_free(close);
    }
    tsig_result r;
    tsig_code code = tsig_stream_end(s, &r);
    tsig_stream_free(s);
    int rc = R_OK;
    if (code == TSIG_ERR_NOMEM) rc = r.ok ? bad("out of memory, and ok") : R_NOMEM;
    else out_result(code, &r);
    tsig_result_free(&r);
    return rc;
}

/* Validates, then writes the report titled c->text2. */
static int op_report(const op_case *c, const tsig_signature *sig)
{
    tsig_result r;
    tsig_code code = validate(c, sig, &r);
    int rc = R_NOMEM;
    if (code != TSIG_ERR_NOMEM) {
        size_t n = 0;
        char *text = tsig_report(&r, c->text2, &n);
        rc = out_text("report", text, n);
    }
    tsig_result_free(&r);
    return rc;
}

/* A (code, text, error) answer of a stage that writes JSON text. */
static int out_stage(tsig_code code, char *out, size_t n, const tsig_error *err)
{
    if (code != TSIG_OK && out) {
        tsig_free(out);
        return bad("an error, and text");
    }
    if (code == TSIG_ERR_NOMEM) return nomem_error(err);
    if (code != TSIG_OK) {
        out_error(err);
        return R_OK;
    }
    if (!out) return bad("TSIG_OK without text");
    return out_text("value", out, n);
}

static int op_normalize(const op_case *c, const tsig_signature *unused)
{
    (void)unused;
    char *out = NULL;
    size_t n = 0;
    tsig_error err;
    tsig_code code = tsig_normalize_keys(c->text, strlen(c->text), &out, &n, &err);
    return out_stage(code, out, n, &err);
}

static int op_redact(const op_case *c, const tsig_signature *sig)
{
    char *out = NULL;
    size_t n = 0;
    tsig_error err;
    tsig_code code = tsig_redact(sig, c->text, strlen(c->text),
                                 (tsig_redact_mode)c->which, &out, &n, &err);
    return out_stage(code, out, n, &err);
}

/* An inference: c->text, then c->text2 when set, added with c->flags (enums
 * c->which), then the signature. */
static int op_infer(const op_case *c, const tsig_signature *unused)
{
    (void)unused;
    tsig_inferrer *in = tsig_infer_new((size_t)c->which);
    if (!in) return R_NOMEM;
    tsig_error err;
    tsig_code code = tsig_infer_add(in, c->text, strlen(c->text), c->flags, &err);
    if (code == TSIG_OK && c->text2)
        code = tsig_infer_add(in, c->text2, strlen(c->text2), c->flags, &err);
    char *text = NULL;
    if (code == TSIG_OK && !(text = tsig_infer_end(in, &err))) code = err.code;
    tsig_infer_free(in);
    if (code == TSIG_ERR_NOMEM) return nomem_error(&err);
    if (code != TSIG_OK) {
        out_error(&err);
        return R_OK;
    }
    return out_text("signature", text, strlen(text));
}

static int op_schema(const op_case *c, const tsig_signature *sig)
{
    size_t n = 0;
    char *text = c->input ? tsig_tool_parameters_schema(sig, c->flags, &n)
                          : tsig_to_json_schema(sig, c->flags, &n);
    return out_text("schema", text, n);
}

/* tsig_strict_warnings of the return type (input 0) or the parameters. */
static int op_strict_warnings(const op_case *c, const tsig_signature *sig)
{
    tsig_messages warnings;
    tsig_code code = tsig_strict_warnings(sig, c->input, &warnings);
    if (code != TSIG_OK) {
        int empty = warnings.count == 0 && warnings.items == NULL;
        if (code != TSIG_ERR_NOMEM) return bad("not out of memory");
        return empty ? R_NOMEM : bad("messages and an error");
    }
    out_messages(&warnings);
    tsig_messages_free(&warnings);
    return R_OK;
}

/* tsig_from_json_schema (which 0) or tsig_tool_from_json (which 1). */
static int op_from_schema(const op_case *c, const tsig_signature *unused)
{
    (void)unused;
    tsig_messages warnings = {0};
    tsig_error err;
    size_t len = strlen(c->text);
    tsig_signature *sig = c->which
                              ? tsig_tool_from_json(c->text, len, c->flags, &warnings, &err)
                              : tsig_from_json_schema(c->text, len, c->flags, &warnings, &err);
    int rc = R_OK;
    if (sig) {
        out_sig(sig);
        out_messages(&warnings);
        tsig_signature_free(sig);
    } else if (err.code == TSIG_ERR_NOMEM) {
        rc = nomem_error(&err);
    } else {
        out_error(&err);
        if (warnings.count) rc = bad("warnings beside an error");
    }
    tsig_messages_free(&warnings);
    return rc;
}

/* tsig_render_tool of one tool, then tsig_render_tools of it, one without
 * a signature and one without a description. */
static int op_render(const op_case *c, const tsig_signature *sig)
{
    tsig_tool_ref tools[3] = {
        {"search", 6, sig, c->text, strlen(c->text)},
        {"unchecked", 9, NULL, "No signature.", 13},
        {"plain", 5, sig, NULL, 0},
    };
    size_t n;
    TEXT("tool", tsig_render_tool(&tools[0], &n));
    TEXT("tools", tsig_render_tools(tools, 3, &n));
    return R_OK;
}

static int op_placeholders(const op_case *c, const tsig_signature *sig)
{
    tsig_placeholders r;
    tsig_code code = tsig_check_placeholders(c->text, strlen(c->text), sig, &r);
    int rc = R_OK;
    if (code == TSIG_ERR_NOMEM) {
        rc = R_NOMEM;
    } else {
        out_fmt("%s ok=%d\n", tsig_code_name(code), r.ok);
        for (size_t i = 0; i < r.name_count; i++) {
            out_str("name ");
            out_str(r.names[i]);
            out_str("\n");
        }
        for (size_t i = 0; i < r.error_count; i++) {
            out_fmt("error %zu ", r.errors[i].offset);
            out_str(r.errors[i].placeholder);
            out_str(": ");
            out_str(r.errors[i].message);
            out_str("\n");
        }
    }
    tsig_placeholders_free(&r);
    return rc;
}

static int op_template(const op_case *c, const tsig_signature *sig)
{
    char *out = NULL;
    size_t n = 0;
    tsig_error err;
    tsig_code code = tsig_render_template(c->text, strlen(c->text), sig, c->text2,
                                          strlen(c->text2), &out, &n, &err);
    if (code != TSIG_OK && out) {
        tsig_free(out);
        return bad("an error, and text");
    }
    if (code == TSIG_ERR_NOMEM) return nomem_error(&err);
    if (code != TSIG_OK) {
        out_error(&err);
        return R_OK;
    }
    if (!out) return bad("TSIG_OK without text");
    out_fmt("text (%zu): ", n);
    out_bytes(out, n); /* may hold NUL bytes */
    tsig_free(out);
    return R_OK;
}

/* tsig_tools_from_json (which 0) or tsig_tools_from_signatures (which 1):
 * each tool and failure as the accessors give them, then the prompt of
 * the list (tsig_render_tool_list) and the list as JSON (tsig_tools_json). */
/* Diffs text against text2 (which: through tsig_api_diff); each change as
 * its line. */
static int op_diff(const op_case *c, const tsig_signature *unused)
{
    (void)unused;
    if (c->which) {
        char *doc = tsig_api_diff(c->text, strlen(c->text), c->text2, strlen(c->text2));
        if (!doc) return R_NOMEM;
        out_fmt("%s\n", doc);
        tsig_free(doc);
        return R_OK;
    }
    tsig_diff *d = NULL;
    tsig_error err;
    tsig_code code = tsig_diff_texts(c->text, strlen(c->text), c->text2, strlen(c->text2), &d, &err, NULL);
    if (code == TSIG_ERR_NOMEM) return d ? bad("a diff and out of memory") : nomem_error(&err);
    if (code != TSIG_OK) {
        out_error(&err);
        return R_OK;
    }
    int nomem = 0;
    for (size_t i = 0; i < tsig_diff_count(d); i++) {
        char *line = tsig_change_format(tsig_diff_get(d, i), NULL);
        if (!line) {
            nomem = 1;
            break;
        }
        out_fmt("%s\n", line);
        tsig_free(line);
    }
    tsig_diff_free(d);
    return nomem ? R_NOMEM : R_OK;
}

static int op_tools(const op_case *c, const tsig_signature *unused)
{
    (void)unused;
    tsig_tools *tools = NULL;
    tsig_error err;
    size_t len = strlen(c->text);
    tsig_code code = c->which ? tsig_tools_from_signatures(c->text, len, &tools, &err)
                              : tsig_tools_from_json(c->text, len, c->flags, &tools, &err);
    if (code == TSIG_ERR_NOMEM) return tools ? bad("a list and out of memory") : nomem_error(&err);
    if (code != TSIG_OK || !tools) return bad("no list of tools");
    for (size_t i = 0; i < tsig_tools_count(tools); i++) {
        const tsig_tool *t = tsig_tools_get(tools, i);
        out_fmt("tool %zu: %s (%zu warnings)\n", t->index, t->signature ? t->signature : "(none)",
                t->warning_count);
        for (size_t w = 0; w < t->warning_count; w++) out_fmt("  %s\n", t->warnings[w]);
    }
    for (size_t i = 0; i < tsig_tools_failure_count(tools); i++) {
        const tsig_tool_failure *f = tsig_tools_failure(tools, i);
        out_fmt("failure %zu %.*s %s %.*s: ", f->index, (int)f->issue.path_len, f->issue.path,
                tsig_issue_code_name(f->issue.code), (int)f->issue.message_len, f->issue.message);
        out_error(&f->error);
    }
    size_t n = 0;
    char *prompt = tsig_render_tool_list(tools, &n);
    int rc = out_text("prompt", prompt, n);
    char *list = rc == R_OK ? tsig_tools_json(tools, &n) : NULL;
    tsig_tools_free(tools);
    return rc == R_OK ? out_text("list", list, n) : rc;
}

/* The JS package's stream (tsig_api_stream_*), fed c->text three bytes at
 * a time: each step, each push's document (the partial value asked every
 * other push), then the end's. */
static int op_api_stream(const op_case *c, const tsig_signature *sig)
{
    tsig_stream *s = tsig_api_stream_new(sig, c->input, (int)c->mode, 0, 0, c->flags);
    if (!s) return R_NOMEM;
    size_t len = strlen(c->text);
    int rc = R_OK;
    for (size_t at = 0, i = 0; rc == R_OK && at < len; at += 3, i++) {
        size_t n = len - at < 3 ? len - at : 3;
        if (i % 3 == 2) {
            int step = tsig_api_stream_step(s, c->text + at, n);
            if (step == TSIG_API_STREAM_NOMEM) rc = R_NOMEM;
            else out_fmt("step %d\n", step);
            continue;
        }
        char *doc = tsig_api_stream_push(s, c->text + at, n, (int)(i % 2));
        if (!doc) rc = R_NOMEM;
        else out_fmt("push %s\n", doc);
        tsig_free(doc);
    }
    if (rc == R_OK) {
        char *doc = tsig_api_stream_end(s);
        if (!doc) rc = R_NOMEM;
        else out_fmt("end %s\n", doc);
        tsig_free(doc);
    }
    tsig_stream_free(s);
    return rc;
}

/* The tsig_api_* functions, each answering one document. */
enum {
    API_CHECK,
    API_VALIDATE,
    API_PARSE,
    API_FAST,
    API_REPORT,
    API_RESULT_JSON,
    API_NORMALIZE,
    API_SCHEMA,
    API_FROM_SCHEMA,
    API_TOOL,
    API_TOOLS,
    API_RENDER_TOOLS,
    API_PLACEHOLDERS,
    API_TEMPLATE,
    API_REDACT,
    API_INFER
};

/* A document; NULL means out of memory (or, with null_ok, also the normal
 * answer). */
static int out_doc(const op_case *c, char *doc)
{
    if (!doc) {
        if (c->null_ok) {
            out_str("(null)");
            return R_OK;
        }
        return R_NOMEM;
    }
    if (strncmp(doc, "{\"ok\":true", 10) != 0 && strncmp(doc, "{\"ok\":false", 11) != 0 &&
        !c->null_ok) {
        tsig_free(doc);
        return bad("a document that does not begin with {\"ok\":");
    }
    return out_text("doc", doc, strlen(doc));
}

static int op_api(const op_case *c, const tsig_signature *sig)
{
    const char *t = c->text;
    size_t len = t ? strlen(t) : 0;
    tsig_validate_options opts = {c->mode, c->max_errors, c->max_depth, c->flags};
    switch (c->which) {
    case API_CHECK: return out_doc(c, tsig_api_check(t, len, c->flags));
    case API_VALIDATE: return out_doc(c, tsig_api_validate(sig, c->input, t, len, &opts));
    case API_PARSE: {
        char *doc = NULL;
        tsig_signature *parsed = tsig_api_parse(t, len, &doc);
        if (!doc) {
            if (parsed) {
                tsig_signature_free(parsed);
                return bad("a signature without its document");
            }
            return R_NOMEM;
        }
        if (parsed) out_sig(parsed);
        tsig_signature_free(parsed);
        return out_doc(c, doc);
    }
    case API_FAST: {
        char *doc = (char *)1;
        int rc = tsig_api_validate_fast(sig, c->input, t, len, (int)c->mode,
                                        c->max_errors, c->max_depth, &doc, c->flags);
        if (rc == -1) {
            if (doc) {
                tsig_free(doc);
                return bad("-1 with a document");
            }
            return R_NOMEM;
        }
        out_fmt("rc %d\n", rc);
        if (rc == 0) return doc ? bad("0 with a document") : R_OK;
        if (rc != 1) return bad("not -1, 0 or 1");
        return out_doc(c, doc);
    }
    case API_REPORT: { /* report text, not a document */
        char *text = tsig_api_report(t, len, c->text2, c->text2 ? strlen(c->text2) : 0);
        if (!text && c->null_ok) return out_doc(c, NULL);
        return out_text("report", text, text ? strlen(text) : 0);
    }
    case API_RESULT_JSON: {
        tsig_result r;
        tsig_code code = validate(c, sig, &r);
        int rc = R_NOMEM;
        if (code != TSIG_ERR_NOMEM)
            rc = out_doc(c, tsig_api_result_json(&r, t, len, !(c->flags & TSIG_VALUE_NEVER)));
        tsig_result_free(&r);
        return rc;
    }
    case API_NORMALIZE: return out_doc(c, tsig_api_normalize(t, len));
    case API_SCHEMA: return out_doc(c, tsig_api_schema(sig, c->input, c->flags));
    case API_FROM_SCHEMA: return out_doc(c, tsig_api_from_schema(t, len, c->flags));
    case API_TOOL: return out_doc(c, tsig_api_tool_from_json(t, len, c->flags));
    case API_TOOLS: return out_doc(c, tsig_api_tools_from_json(t, len, c->flags));
    case API_RENDER_TOOLS: return out_doc(c, tsig_api_render_tools(t, len));
    case API_PLACEHOLDERS: return out_doc(c, tsig_api_placeholders(t, len, sig));
    case API_TEMPLATE:
        return out_doc(c, tsig_api_render_template(t, len, sig, c->text2, strlen(c->text2), 0));
    case API_REDACT:
        return out_doc(c, tsig_api_redact(sig, t, len, (tsig_redact_mode)c->flags));
    case API_INFER: return out_doc(c, tsig_api_infer(t, len, c->flags, (size_t)c->mode));
    default: return bad("unknown api function");
    }
}

/* The command line in memory: the answer as bytes. A run that ran out of
 * memory answers NULL, or exit status 2 with "toolsig: out of memory" on
 * stderr. */
static int op_cli(const op_case *c, const tsig_signature *unused)
{
    (void)unused;
    int argc = 0;
    while (c->argv[argc]) argc++;
    size_t len = 0;
    char *answer = tsig_cli_run(argc, (char **)(uintptr_t)c->argv, c->files, c->file_count, &len);
    if (!answer) return R_NOMEM;
    static const char oom[] = "toolsig: out of memory\n";
    int rc = R_OK;
    if (len < 4) {
        rc = bad("an answer shorter than its status");
    } else if (answer[0] == CLI_UNUSABLE && !answer[1] && !answer[2] && !answer[3] &&
               len >= sizeof oom - 1 &&
               memcmp(answer + len - (sizeof oom - 1), oom, sizeof oom - 1) == 0) {
        rc = R_NOMEM;
    } else {
        out_bytes(answer, len);
    }
    tsig_free(answer);
    return rc;
}

/* ---- the inputs ----------------------------------------------------------- */

/* Output and input signatures that reach records, lists, optionals, maps,
 * firewalled fields and names with "-". */
#define SIG_OUT                                                                  \
    "(query :string, limit :int?) -> [{id :int, _secret :string,\n"             \
    "  meta {score :float, kind :keyword, tags [:string]}?, extra :map}]"
#define SIG_IN                                                                   \
    "(user-name :string, limit :int, ratio :float, flag :bool?,\n"              \
    " filter {tags [:string], since :datetime?}?, opts :map) -> {count :int, _token :string}"
#define SIG_TPL                                                                  \
    "(user {name :string, email :string?}, items [{name :string, price :float}],\n" \
    " tags [:string], note :string?, flag :bool, data :map) -> :any"

/* Built before the runs (main). */
static char many_keys[2048];  /* an object of 40 keys (hash tables) */
static char deep_json[4096];  /* nested deeper than the default limit */
static char deep_sig[512];    /* nested deeper than TSIG_SIGNATURE_MAX_DEPTH */
static char many_rows[4096];  /* a list of 40 rows, several bad */
static char big_tools[8192];  /* a tools/list of 12 tools */
static char reordered[4096];  /* 40 rows, fields out of order, with errors */
static char input_rows[4096]; /* 40 rows to coerce and put in order */
static char deep_list_sig[256], deep_list[256]; /* a path of 40 steps */
static char big_tpl[4096], big_args[4096];      /* 40 placeholders, 40 rows */
static char big_schema[4096];                     /* 40 properties */
static char many_strict_warnings[2048]; /* 110 places strict mode rejects */
/* $refs into 20 definitions, repeated union members and enum values */
static char repeats_schema[4096];
static char deep_collision[512];                  /* a collision 40 deep */
/* Keys whose hashes, under the process's key, share the first slots of a
 * table: a table of them turns into its ordered form (hash.c), and then
 * grows as a tree. As a JSON object, as a record's field names. */
#define COLLIDING 100
static char colliding_json[2048], colliding_sig[2048];
static char colliding_tpl[4096], colliding_args[2100]; /* lookups in a big map */
static char colliding_names[COLLIDING][16];

static const char *colliding_name(const void *ctx, size_t entry, size_t *len)
{
    (void)ctx;
    *len = strlen(colliding_names[entry]);
    return colliding_names[entry];
}

static void build_colliding(void)
{
    tsig_table t;
    tsig_table_init(&t, 0, NULL, NULL, NULL); /* for the process's key */
    char *j = colliding_json, *s = colliding_sig;
    j += sprintf(j, "{");
    s += sprintf(s, "{");
    unsigned long n = 0;
    for (int i = 0; i < COLLIDING; i++) {
        char name[16];
        do snprintf(name, sizeof name, "k%lx", n++);
        while ((tsig_hash_bytes(t.key, name, strlen(name), 0) & 127) >= 2);
        memcpy(colliding_names[i], name, sizeof name);
        j += sprintf(j, "%s\"%s\":%d", i ? "," : "", name, i);
        s += sprintf(s, "%s%s :int", i ? ", " : "", name);
    }
    sprintf(j, "}");
    sprintf(s, "}");
    sprintf(colliding_args, "{\"m\":%s}", colliding_json);
    char *tp = colliding_tpl;
    tp += sprintf(tp, "{{#m}}");
    for (int i = COLLIDING; i-- > 0;) tp += sprintf(tp, "{{%s}}", colliding_names[i]);
    sprintf(tp, "{{/m}}");
}

static void build_inputs(void)
{
    build_colliding();
    char *p = many_keys;
    p += sprintf(p, "{");
    for (int i = 0; i < 40; i++) p += sprintf(p, "%s\"k-%d\":{\"_x-%d\":%d}", i ? "," : "", i, i, i);
    sprintf(p, "}");

    p = deep_json;
    for (int i = 0; i < 1001; i++) *p++ = '[';
    *p = '\0';

    p = deep_sig;
    p += sprintf(p, "() -> ");
    for (int i = 0; i < 66; i++) *p++ = '[';
    p += sprintf(p, ":int");
    for (int i = 0; i < 66; i++) *p++ = ']';
    *p = '\0';

    p = many_rows;
    p += sprintf(p, "[");
    for (int i = 0; i < 40; i++)
        p += sprintf(p, "%s{\"id\":%s,\"_secret\":\"s\",\"extra\":{}}", i ? "," : "",
                     i % 7 == 3 ? "\"x\"" : "1");
    sprintf(p, "]");

    p = big_tools;
    p += sprintf(p, "{\"tools\":[");
    for (int i = 0; i < 12; i++)
        p += sprintf(p, "%s{\"name\":\"t%d\",\"description\":\"Tool %d.\",\"inputSchema\":"
                        "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"},"
                        "\"n\":{\"type\":\"integer\",\"minimum\":0}},\"required\":[\"a\"]}}",
                     i ? "," : "", i, i);
    sprintf(p, "]}");

    p = reordered;
    p += sprintf(p, "[");
    for (int i = 0; i < 40; i++)
        p += sprintf(p, "%s{\"extra\":{},\"_secret\":1,\"id\":\"x\"}", i ? "," : "");
    sprintf(p, "]");

    p = input_rows;
    p += sprintf(p, "{\"rows\":[");
    for (int i = 0; i < 40; i++)
        p += sprintf(p, "%s{\"na-me\":\"n%d\",\"id\":\"%d\"}", i ? "," : "", i, i);
    sprintf(p, "]}");

    p = deep_list_sig;
    p += sprintf(p, "() -> ");
    for (int i = 0; i < 40; i++) *p++ = '[';
    p += sprintf(p, ":int");
    for (int i = 0; i < 40; i++) *p++ = ']';
    *p = '\0';
    p = deep_list;
    for (int i = 0; i < 40; i++) *p++ = '[';
    p += sprintf(p, "\"x\"");
    for (int i = 0; i < 40; i++) *p++ = ']';
    *p = '\0';

    p = big_tpl;
    for (int i = 0; i < 40; i++) p += sprintf(p, "{{data.k%d}} {{#items}}{{name}}{{/items}}\n", i);
    p = big_args;
    p += sprintf(p, "{\"data\":{");
    for (int i = 0; i < 40; i++) /* "k\u0035" is k5: a key decoded on lookup */
        p += sprintf(p, i == 5 ? ",\"k\\u0035\":\"v5\"" : "%s\"k%d\":\"v%d\"", i ? "," : "", i, i);
    p += sprintf(p, "},\"items\":[");
    for (int i = 0; i < 40; i++) p += sprintf(p, "%s{\"name\":\"n%d\"}", i ? "," : "", i);
    sprintf(p, "]}");

    p = many_strict_warnings;
    p += sprintf(p, "(");
    for (int i = 0; i < 110; i++) p += sprintf(p, "%sa%d :any", i ? ", " : "", i);
    sprintf(p, ") -> :int");

    p = big_schema;
    p += sprintf(p, "{\"type\":\"object\",\"properties\":{");
    for (int i = 0; i < 40; i++)
        p += sprintf(p, "%s\"p-%d\":{\"type\":\"%s\"}", i ? "," : "", i,
                     i % 3 ? "string" : "integer");
    p += sprintf(p, "},\"required\":[");
    for (int i = 0; i < 40; i += 2) p += sprintf(p, "%s\"p-%d\"", i ? "," : "", i);
    sprintf(p, "]}");

    p = repeats_schema;
    p += sprintf(p, "{\"$defs\":{");
    for (int i = 0; i < 20; i++)
        p += sprintf(p, "%s\"d%d\":{\"type\":\"string\",\"pattern\":\"x\"}", i ? "," : "", i);
    sprintf(p, "},\"type\":\"object\",\"properties\":{\"a\":{\"anyOf\":[{\"$ref\":\"#/$defs/d19\"},"
               "{\"$ref\":\"#/$defs/d19\"},{\"const\":1},{\"anyOf\":[{\"const\":1.0},"
               "{\"enum\":[\"x\",\"y\",\"x\"]}]}]},\"b\":{\"oneOf\":[{\"enum\":[1,2,1.0]},"
               "{\"enum\":[\"1\",\"z\"]}]},\"c\":{\"$ref\":\"#/$defs/d18\"}}}");

    p = deep_collision;
    for (int i = 0; i < 40; i++) p += sprintf(p, "{\"a\":");
    p += sprintf(p, "{\"b-c\":1,\"b_c\":2}");
    for (int i = 0; i < 40; i++) *p++ = '}';
    *p = '\0';
}

static const char *const cli_validate[] = {"toolsig", "validate", "@sig.txt", "doc.json",
                                           "--input", NULL};
static const char *const cli_validate_json[] = {"toolsig", "validate", "@sig.txt", "doc.json",
                                                "--input", "--json", NULL};
static const char *const cli_check[] = {"toolsig", "check", "(a :int, b [{c :string?}]) -> :int",
                                        "--json", NULL};
static const char *const cli_check_bad[] = {"toolsig", "check", "(a :int, b) -> :int", NULL};
static const char *const cli_from_tools[] = {"toolsig", "from-tools", "tools.json", "--lossy",
                                             NULL};
static const char *const cli_from_tools_json[] = {"toolsig", "from-tools", "tools.json", "--json",
                                                  "--lossy", NULL};
static const char *const cli_tools[] = {"toolsig", "tools", "list.json", NULL};
static const char *const cli_tools_bad[] = {"toolsig", "tools", "bad-list.json", NULL};
static const char *const cli_from_tools_bad[] = {"toolsig", "from-tools", "bad-list.json", NULL};
static const char *const cli_schema_strict[] = {"toolsig", "schema", "@sig.txt", "--strict", NULL};
static const char *const cli_normalize[] = {"toolsig", "normalize", "doc.json", NULL};
static const char *const cli_schema[] = {"toolsig", "schema", "@sig.txt", "--params", NULL};
static const char *const cli_redact[] = {"toolsig", "redact", "@sig.txt", "doc.json", "--mask",
                                         NULL};
static const char *const cli_placeholders[] = {"toolsig", "placeholders",
                                               "Hi {{user-name}} {{nope}}", "@sig.txt", NULL};
static const char *const cli_infer[] = {"toolsig", "infer", "doc.json", "list.json", "--enums",
                                        "3", NULL};
static const char *const cli_infer_json[] = {"toolsig", "infer", "list.json", "bad-list.json",
                                             "--each", "--json", NULL};
static const char *const cli_tool[] = {"toolsig", "tool", "find", "@sig.txt", "Finds.\nFast.",
                                       NULL};

#define FILE_OK(path, text) {path, CLI_READ_OK, text, sizeof text - 1}
static const cli_memory_file cli_files[] = {
    FILE_OK("sig.txt", SIG_IN),
    FILE_OK("doc.json", "{\"user_name\":\"bo\",\"limit\":\"4\",\"ratio\":1,\"opts\":{\"a-b\":1},"
                        "\"_token\":\"t\"}"),
    FILE_OK("tools.json", "{\"tools\":[{\"name\":\"a\",\"description\":\"A.\",\"inputSchema\":"
                          "{\"type\":\"object\",\"properties\":{\"q\":{\"type\":\"string\","
                          "\"pattern\":\"x\"}}}},{\"name\":\"b\",\"inputSchema\":{\"type\":"
                          "\"object\"},\"outputSchema\":{\"type\":\"object\",\"properties\":"
                          "{\"n\":{\"type\":\"integer\"}},\"required\":[\"n\"]}}]}"),
    FILE_OK("list.json", "[{\"name\":\"a\",\"sig\":\"(x :int) -> :int\",\"description\":\"A.\"},"
                         "{\"name\":\"b\"}]"),
    FILE_OK("bad-list.json", "[{\"name\":\"a\",\"sig\":\"(x\"},{\"sig\":1},{\"name\":\"c\","
                             "\"sig\":\":int\",\"sig\":\":int\"}]"),
};
#define CLI(label, args) \
    {label, op_cli, .argv = args, .files = cli_files, .file_count = 5}

#define API(label, fn_id, ...) {label, op_api, .which = fn_id, __VA_ARGS__}

static const char tpl_text[] =
    "Hello {{user.name}}{{#user.email}} <{{user.email}}>{{/user.email}}.\n"
    "{{#items}}\n- {{name}}: {{price}}\n{{/items}}\n"
    "{{^note}}No note.{{/note}}{{! a comment }} tags: {{tags}} {{#tags}}[{{.}}]{{/tags}}\n"
    "{{#flag}}flagged{{/flag}} data={{data}}\n";
static const char tpl_args[] =
    "{\"user\":{\"name\":\"Ann\",\"email\":\"a@b\"},\"items\":[{\"name\":\"x\",\"price\":1.50},"
    "{\"name\":\"y\",\"price\":2}],\"tags\":[\"p\",\"q\"],\"flag\":true,"
    "\"data\":{\"k\":[1,2],\"_hidden\":1}}";

static const char schema_ok[] =
    "{\"type\":\"object\",\"properties\":{\"id\":{\"type\":\"integer\"},\"name\":"
    "{\"type\":\"string\"},\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}},"
    "\"owner\":{\"anyOf\":[{\"type\":\"null\"},{\"type\":\"object\",\"properties\":"
    "{\"email\":{\"type\":\"string\"}},\"required\":[\"email\"]}]},\"when\":{\"type\":"
    "\"string\",\"format\":\"date-time\"},\"kind\":{\"type\":[\"number\",\"null\"]}},"
    "\"required\":[\"id\",\"name\",\"tags\"],\"additionalProperties\":false}";
static const char schema_lossy[] =
    "{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"integer\",\"minimum\":0,"
    "\"maximum\":9},\"s\":{\"type\":\"string\",\"pattern\":\"^a\"},\"e\":{\"enum\":[\"a\",\"b\"]},"
    "\"u\":{\"anyOf\":[{\"type\":\"string\"},{\"type\":\"integer\"}]},\"r\":{\"$ref\":\"#/$defs/x\"}},"
    "\"$defs\":{\"x\":{\"type\":\"string\"}}}";
static const char schema_one_of[] =
    "{\"oneOf\":[{\"type\":\"object\",\"properties\":{\"t\":{\"enum\":[\"a\",\"B\"]},"
    "\"n\":{\"type\":\"integer\"}},\"required\":[\"t\"]},{\"type\":\"object\","
    "\"properties\":{\"t\":{\"const\":\"c\"}},\"required\":[\"t\"]}]}";
static const char schema_bad[] =
    "{\"type\":\"object\",\"properties\":{\"f\":{\"anyOf\":[{\"type\":\"string\"},"
    "{\"type\":\"integer\"}]}}}";
static const char tool_ok[] =
    "{\"name\":\"search\",\"description\":\"Finds things.\\nFast.\",\"inputSchema\":{\"type\":"
    "\"object\",\"properties\":{\"query\":{\"type\":\"string\"},\"max-hits\":{\"type\":"
    "\"integer\"}},\"required\":[\"query\"]},\"outputSchema\":{\"type\":\"object\",\"properties\":"
    "{\"hits\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{\"id\":"
    "{\"type\":\"integer\"}},\"required\":[\"id\"]}}},\"required\":[\"hits\"]}}";
static const char tool_lossy[] =
    "{\"name\":\"t\",\"inputSchema\":{\"type\":\"object\",\"properties\":{\"a\":{\"type\":"
    "\"string\",\"maxLength\":3},\"b\":{\"oneOf\":[{\"type\":\"null\"},{\"type\":\"integer\","
    "\"minimum\":1}]}}}}";
static const char tool_bad[] =
    "{\"name\":\"t\",\"inputSchema\":{\"type\":\"object\",\"properties\":{\"a\":{\"not\":{}}}}}";
static const char tools_mixed[] =
    "{\"tools\":[{\"name\":\"a\",\"inputSchema\":{\"type\":\"object\"}},"
    "{\"name\":\"b\",\"inputSchema\":{\"type\":\"object\",\"properties\":{\"x\":{\"not\":{}}}}},"
    "{\"inputSchema\":{\"type\":\"string\"}}]}";
static const char tool_lists_old[] =
    "{\"tools\":[{\"name\":\"s\",\"description\":\"Finds.\",\"inputSchema\":{\"type\":"
    "\"object\",\"properties\":{\"q\":{\"type\":\"string\"},\"n\":{\"type\":\"integer\","
    "\"maximum\":100}},\"required\":[\"q\"]}},{\"name\":\"gone\",\"inputSchema\":{}}]}";
static const char tool_lists_new[] =
    "[{\"type\":\"function\",\"function\":{\"name\":\"s\",\"description\":\"Finds fast.\","
    "\"parameters\":{\"type\":\"object\",\"properties\":{\"q\":{\"type\":\"string\"},"
    "\"n\":{\"type\":\"number\",\"maximum\":50}},\"required\":[\"q\",\"n\"]}}}]";
static const char render_list_ok[] =
    "[{\"name\":\"a\",\"sig\":\"(x :int, y {z [:string]}?) -> {_s :string, n :int}\","
    "\"description\":\"Does a.\\nThen b.\"},{\"name\":\"b\",\"sig\":null},{\"name\":\"c\"}]";
static const char render_list_bad[] =
    "[{\"name\":\"a\",\"sig\":\"(x :int, y) -> :int\"},{\"name\":\"b\",\"sig\":\"(x :strng)\"},"
    "{\"name\":\"c\",\"sig\":\"() -> :int\"}]";
static const char report_doc[] =
    "{\"errors\":[{\"path\":\"a[0].b\",\"message\":\"expected int, got string \\\"x\\\"\"},"
    "{\"path\":null,\"message\":\"root\"}],\"warnings\":[{\"path\":\"c\",\"message\":\"coerced\"}]}";

#define IN_OK                                                                    \
    "{\"user_name\":\"bob\",\"limit\":\"42\",\"ratio\":3,\"flag\":\"true\","     \
    "\"filter\":{\"tags\":[\"a\",\"b\"]},\"opts\":{\"k-1\":1,\"k_2\":[1,2]}}"
#define IN_ERRORS                                                                \
    "{\"user-name\":1,\"limit\":\"x\",\"ratio\":\"y\",\"flag\":\"maybe\","       \
    "\"filter\":{\"tags\":[1,2,3,4],\"since\":\"yesterday\"},\"extra\":1}"
#define OUT_OK                                                                   \
    "[{\"id\":1,\"_secret\":\"s\",\"meta\":{\"score\":1.5,\"kind\":\"a\",\"tags\":[]},"  \
    "\"extra\":{\"a\":[1,{\"b\":null}]}},{\"id\":2,\"_secret\":\"\",\"meta\":null,\"extra\":{}}]"
#define OUT_BAD                                                                  \
    "[{\"id\":\"1\",\"_secret\":5,\"meta\":{\"score\":\"high\",\"kind\":1,\"tags\":[1]},"  \
    "\"extra\":[]},{\"id\":2,\"id\":3,\"_secret\":\"\",\"extra\":{}}]"

static const op_case cases[] = {
    /* parse */
    {"parse basic", op_parse, .text = "(query :string, limit :int) -> {count :int, items [{id :int}]}"},
    {"parse output", op_parse, .text = SIG_OUT},
    {"parse input", op_parse, .text = SIG_IN},
    {"parse shorthand", op_parse, .text = "[{a :map?, b :any, c-d :datetime}]?"},
    {"parse missing type", op_parse, .text = "(query :string, limit) -> :int"},
    {"parse unknown type", op_parse, .text = "(a :strng) -> :int"},
    {"parse space after colon", op_parse, .text = "(a : int) -> :int"},
    {"parse duplicate", op_parse, .text = "(a-b :int, a_b :int) -> :int"},
    {"parse duplicate field", op_parse, .text = "() -> {x :int, y {z :int, z :string}}"},
    {"parse too deep", op_parse, .text = deep_sig},
    {"parse discriminated union", op_parse,
     .text = "[{k :enum[a], t :enum[x Y]}|{k :enum[a], t :enum[z]}|{t :enum[w], k :enum[b]}]"},
    {"parse bad utf8", op_parse, .text = "(a :int) -> \xff"},
    {"error_format", op_error_format, .text = "(query :string,\n limit) -> :int"},
    {"error_format hint", op_error_format, .text = "(a :int?? ) -> :int"},
    /* formatting */
    {"format output", op_format, .sig = SIG_OUT},
    {"format input", op_format, .sig = SIG_IN},
    {"format shorthand", op_format, .sig = "[:int]?"},
    /* validation: output */
    {"stream output ok", op_stream, .sig = SIG_OUT, .text = OUT_OK},
    {"stream output errors", op_stream, .sig = SIG_OUT, .text = OUT_BAD},
    {"stream output strict", op_stream, .sig = SIG_OUT, .text = OUT_OK, .mode = TSIG_MODE_STRICT},
    {"stream input repaired", op_stream, .sig = SIG_IN, .text = "Sure: {query: 'x', limit: \"5\",} ok", .input = 1},
    {"stream bad JSON", op_stream, .sig = SIG_OUT, .text = "{\"count\": 1, \"items\": [}"},
    /* whole list elements in a chunk: validated then, recorded as runs
     * (more than the first array of them holds) and stepped over by the
     * validation of the whole text */
    {"stream known elements", op_stream, .sig = "[:int]", .which = 4,
     .text = "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,"
             "31,32,33,34,35,36,37,38,39,40]"},
    {"stream known maps", op_stream, .sig = SIG_OUT, .which = 40,
     .text = "[{\"id\":1,\"_secret\":\"s\",\"meta\":null,\"extra\":{}},{\"id\":2,\"_secret\":\"\","
             "\"extra\":{}},{\"id\":\"3\",\"_secret\":\"\",\"extra\":{}},{\"id\":4,\"_secret\":\"\",\"extra\":{}}]"},
    /* ... dropped as they are read, and errors after them moved to where
     * they are in the text pushed */
    {"stream known maps dropped", op_stream, .sig = SIG_OUT, .which = 40, .flags = TSIG_CALLER_KEEPS_TEXT,
     .text = "[{\"id\":1,\"_secret\":\"s\",\"meta\":null,\"extra\":{}},\n{\"id\":2,\"_secret\":\"\","
             "\"extra\":{}},\n{\"id\":\"3\",\"_secret\":\"\",\"extra\":{}},{\"id\":4,\"_secret\":\"\",\"extra\":{}}]"},
    {"stream dropped then bad JSON", op_stream, .sig = "[:int]", .which = 7, .flags = TSIG_CALLER_KEEPS_TEXT,
     .text = "[1, 2, 3,\n 4, 5, 6,\n 7, 8, x]"},
    /* elements the reader read (longer than two chunks), validated when
     * whole with the runs dropped inside them, and dropped in turn */
    {"stream read elements dropped", op_stream, .sig = "{groups [{items [:int]}], note :int}", .which = 9,
     .flags = TSIG_CALLER_KEEPS_TEXT,
     .text = "{\"groups\": [{\"items\": [1, 2, 3,\n 4, 5, 6, 7]}, {\"items\": [8, 9,\n 10]}],\n \"note\": \"x\"}"},
    {"stream dropped then reordered", op_stream, .sig = "{a [:int], b :int}", .which = 6,
     .flags = TSIG_CALLER_KEEPS_TEXT, .text = "{\"b\": 1, \"a\": [1, 2, 3, 4, 5, 6, 7, 8]}"},
    /* long values of records' members, dropped as they become whole (a
     * run of one value each), before and after others; errors after them */
    {"stream member values dropped", op_stream, .sig = "{a :string, b {c :string, d :int}, * :string}",
     .which = 50, .flags = TSIG_CALLER_KEEPS_TEXT,
     .text = "{\"a\": \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\\nyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy\",\n \"b\": {\"c\": \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\\nyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy\", \"d\": 1},\n \"e\": \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\\nyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy\", \"f\": 2}"},
    {"stream member values dropped then reordered", op_stream, .sig = "{a :string, n :int}", .which = 30,
     .flags = TSIG_CALLER_KEEPS_TEXT, .text = "{\"n\": 1, \"a\": \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\\nyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy\"}"},
    {"api stream output", op_api_stream, .sig = SIG_OUT, .text = OUT_BAD},
    {"api stream input repaired", op_api_stream, .sig = SIG_IN, .input = 1,
     .text = "Sure: {query: 'x', limit: \"5\",} ok"},
    {"api stream kept text", op_api_stream, .sig = "{b :int, a [:int]}",
     .flags = TSIG_CALLER_KEEPS_TEXT, .text = "{\"a\": [1, 2, 3, 4, 5, 6], \"b\": 1}"},
    {"stream known arguments", op_stream, .sig = SIG_IN, .input = 1, .which = 8,
     .text = "{\"user_name\":\"bob\",\"limit\":1,\"ratio\":3,\"filter\":{\"tags\":[\"a\",\"b\",\"c\",\"d\",\"e\"]},"
             "\"opts\":{}}"},
    {"validate output ok", op_validate, .sig = SIG_OUT, .text = OUT_OK},
    {"validate output always", op_validate, .sig = SIG_OUT, .text = " " OUT_OK " ",
     .flags = TSIG_VALUE_ALWAYS},
    {"validate output errors", op_validate, .sig = SIG_OUT, .text = OUT_BAD},
    {"validate output max_errors", op_validate, .sig = SIG_OUT, .text = OUT_BAD, .max_errors = 2},
    {"validate output warn_only", op_validate, .sig = SIG_OUT, .text = OUT_BAD,
     .mode = TSIG_MODE_WARN_ONLY},
    {"validate output strict", op_validate, .sig = SIG_OUT,
     .text = "[{\"id\":1,\"_secret\":\"s\",\"extra\":{},\"more\":1,\"less\":[2]}]",
     .mode = TSIG_MODE_STRICT},
    {"validate output disabled", op_validate, .sig = SIG_OUT, .text = "[{\"id\":\"x\"}]",
     .mode = TSIG_MODE_DISABLED, .flags = TSIG_VALUE_ALWAYS},
    {"validate output many rows", op_validate, .sig = SIG_OUT, .text = many_rows},
    {"validate output reordered", op_validate, .sig = SIG_OUT, .text = reordered},
    {"validate output deep path", op_validate, .sig = deep_list_sig, .text = deep_list},
    {"validate input many rows", op_validate, .sig = "(rows [{id :int, na_me :string}]) -> :any",
     .text = input_rows, .input = 1},
    {"validate output bad json", op_validate, .sig = SIG_OUT,
     .text = "[{\"id\":1,\n \"extra\":{}},,]"},
    {"validate output too deep", op_validate, .sig = SIG_OUT, .text = deep_json},
    {"validate output max_depth", op_validate, .sig = SIG_OUT,
     .text = "[{\"id\":1,\"_secret\":\"\",\"extra\":{\"a\":[[1]]}}]", .max_depth = 3},
    {"validate map many keys", op_validate, .sig = ":map", .text = many_keys,
     .flags = TSIG_VALUE_ALWAYS},
    {"validate output union", op_validate,
     .sig = "[{a :int, c :int}|{b :int}|{kind :enum[x], n :int[>0]}|:string[..3]]",
     .text = "[{\"a\":1,\"c\":2},{\"b\":\"x\"},\"long\",{\"kind\":\"y\"},{\"n\":0}]"},
    {"validate output records", op_validate, .sig = "{id :int, * [:int][1..]}",
     .text = "{\"x\":[],\"id\":1,\"y\":[\"a\"]}", .mode = TSIG_MODE_STRICT},
    /* validation: input */
    {"validate input coerce", op_validate, .sig = SIG_IN, .text = IN_OK, .input = 1},
    {"validate output repaired", op_validate, .sig = ":any", .flags = TSIG_REPAIR,
     .text = "Here:\n```json\n{a: 'x', // c\n b: [True, None,]\n \"c\": \"t\tu\"}\n```\nok"},
    {"validate output repair refused", op_validate, .sig = ":any", .flags = TSIG_REPAIR,
     .text = "{'a': [1, NaN]}"},
    {"validate input v2", op_validate, .input = 1,
     .sig = "(a :enum[x y], b [:int] = [1], c {d :int = 2}|:string, e [:string], "
            "f {* :int}, g :int|:bool) -> :any",
     .text = "{\"a\":\"X\",\"c\":\"{}\",\"e\":\"s\",\"f\":\"{\\\"k\\\":\\\"1\\\"}\","
             "\"g\":\"true\"}"},
    {"validate input discriminated", op_validate, .input = 1,
     .sig = "(s [{k :enum[a], t :enum[x Y]}|{k :enum[a], t :enum[z]}]) -> :any",
     .text = "{\"s\":[{\"k\":\"a\",\"t\":\"y\"},{\"t\":\"q\"},{\"k\":\"a\"},{\"t\":\"Z\"}]}"},
    {"validate input always", op_validate, .sig = SIG_IN, .input = 1, .flags = TSIG_VALUE_ALWAYS,
     .text = "{\"user-name\":\"b\",\"limit\":1,\"ratio\":1.5,\"opts\":{}}"},
    {"validate input doubles", op_validate, .sig = SIG_IN, .input = 1,
     .flags = TSIG_NUMBERS_ARE_DOUBLES,
     .text = "{\"user-name\":\"b\",\"limit\":1,\"ratio\":2,\"opts\":{}}"},
    {"validate input doubles changed", op_validate, .sig = SIG_IN, .input = 1,
     .flags = TSIG_NUMBERS_ARE_DOUBLES,
     .text = "{\"user_name\":\"b\",\"limit\":1.0,\"ratio\":2,\"opts\":{}}"},
    {"validate input errors", op_validate, .sig = SIG_IN, .text = IN_ERRORS, .input = 1},
    {"validate input max_errors", op_validate, .sig = SIG_IN, .text = IN_ERRORS, .input = 1,
     .max_errors = 3},
    {"validate input strict", op_validate, .sig = SIG_IN, .input = 1, .mode = TSIG_MODE_STRICT,
     .text = "{\"user-name\":\"b\",\"limit\":1,\"ratio\":1.5,\"opts\":{},\"x\":1,\"y-z\":2}"},
    {"validate input warn_only", op_validate, .sig = SIG_IN, .text = IN_ERRORS, .input = 1,
     .mode = TSIG_MODE_WARN_ONLY},
    {"validate input missing", op_validate, .sig = SIG_IN, .text = "{}", .input = 1},
    {"validate input bad json", op_validate, .sig = SIG_IN, .input = 1,
     .text = "{\"user-name\": \"a\",\n \"limit\": 1,,}"},
    {"validate input not object", op_validate, .sig = SIG_IN, .text = "[1]", .input = 1},
    {"validate input collision", op_validate, .sig = SIG_IN, .input = 1,
     .text = "{\"user-name\":\"a\",\"user_name\":\"b\",\"limit\":1,\"ratio\":1,\"opts\":{}}"},
    {"validate input many keys", op_validate, .sig = "(m :map) -> :any", .input = 1,
     .text = "{\"m\":{\"a-1\":1,\"a-2\":2,\"a-3\":3,\"a-4\":4,\"a-5\":5,\"a-6\":6,\"a-7\":7,"
             "\"a-8\":8,\"a-9\":9,\"a-10\":10,\"a-11\":11,\"a-12\":12,\"a-13\":13,"
             "\"a-14\":14,\"a-15\":15,\"a-16\":16,\"a-17\":17,\"a-18\":18,\"a-19\":\"19\"}}"},
    /* report */
    {"report input", op_report, .sig = SIG_IN, .text = IN_ERRORS, .input = 1, .max_errors = 3},
    {"report warnings", op_report, .sig = SIG_IN, .text = IN_OK, .input = 1, .text2 = "search"},
    {"report nothing", op_report, .sig = SIG_OUT, .text = OUT_OK, .text2 = "Return"},
    {"report json error", op_report, .sig = SIG_OUT, .text = "[1,", .text2 = "Return"},
    /* keys, firewall */
    {"normalize", op_normalize,
     .text = "{\"a-b\":[{\"c-d\":1,\"e\":{\"f-g\":\"h-i\"}}],\"x_y\":true, \"\\u0041-b\":null}"},
    {"normalize many keys", op_normalize, .text = many_keys},
    {"normalize collision", op_normalize, .text = "{\"rows\":[{\"a-b\":1,\"a_b\":2}]}"},
    {"normalize duplicate", op_normalize, .text = "{\"a\":{\"b\":1,\"b\":2}}"},
    {"normalize collision deep", op_normalize, .text = deep_collision},
    {"normalize bad json", op_normalize, .text = "{\"a\":\n[1,2}"},
    {"normalize too deep", op_normalize, .text = deep_json},
    {"redact strip", op_redact, .sig = SIG_OUT, .which = TSIG_REDACT_STRIP,
     .text = "[{\"id\":1,\"_secret\":\"s\",\"-x\":{\"_y\":1,\"z\":[{\"_q\":2}]}}]"},
    {"redact mask", op_redact, .sig = SIG_OUT, .which = TSIG_REDACT_MASK,
     .text = "[{\"id\":1,\"_secret\":\"s\",\"-x\":{\"_y\":1,\"z\":[{\"_q\":2}]}}]"},
    {"redact many keys", op_redact, .sig = SIG_OUT, .which = TSIG_REDACT_MASK, .text = many_keys},
    {"redact bad json", op_redact, .sig = SIG_OUT, .which = TSIG_REDACT_STRIP, .text = "{\"_a\":}"},
    /* signatures written from samples */
    {"infer", op_infer, .text = OUT_OK, .text2 = "[{\"id\":3,\"meta\":{\"score\":2,\"x y\":1}}]"},
    {"infer each enums", op_infer, .flags = TSIG_INFER_EACH, .which = 3,
     .text = "[{\"s\":\"a\",\"t\":\"2026-05-03T09:14:00Z\"},{\"s\":\"b\",\"n\":null},"
             "{\"s\":\"a\",\"l\":[1,2.5,\"x\",{}]}]",
     .text2 = "[{\"s\":\"c\",\"s2\":\"q\"},{\"s\":\"d\",\"s2\":\"q\"}]"},
    {"infer lines records", op_infer, .flags = TSIG_INFER_LINES, .which = 2,
     .text = "{\"a-b\":1,\"r\":{\"k1\":1,\"k2\":2,\"k3\":3,\"k4\":4,\"k5\":5,\"k6\":6,"
             "\"k7\":7,\"k8\":8,\"k9\":9,\"k10\":10,\"k11\":11,\"k12\":12,\"k13\":13,"
             "\"k14\":14,\"k15\":15,\"k16\":16,\"k17\":17,\"k18\":18,\"k19\":19,"
             "\"k20\":20,\"k21\":21}}\n\n{\"a_b\":\"x\",\"e\":\"v\"}\n{\"e\":\"v\"}"},
    {"infer bad json", op_infer, .flags = TSIG_INFER_LINES, .text = "{\"a\":1}\n{\"a\":}"},
    {"infer too deep", op_infer, .text = deep_json},
    {"infer no sample", op_infer, .flags = TSIG_INFER_EACH, .text = "[]"},
    API("api infer", API_INFER, .text = OUT_OK, .mode = 2),
    API("api infer error", API_INFER, .text = "[1,]", .flags = TSIG_INFER_EACH),
    /* JSON Schema */
    {"schema output", op_schema, .sig = SIG_OUT},
    {"schema output strict", op_schema, .sig = SIG_OUT, .flags = TSIG_SCHEMA_STRICT},
    {"schema params", op_schema, .sig = SIG_IN, .input = 1},
    {"schema params strict", op_schema, .sig = SIG_IN, .input = 1, .flags = TSIG_SCHEMA_STRICT},
    {"schema shorthand", op_schema, .sig = ":datetime?"},
    {"strict warnings output", op_strict_warnings, .sig = SIG_OUT},
    {"strict warnings params", op_strict_warnings, .sig = SIG_IN, .input = 1},
    {"strict warnings many", op_strict_warnings, .sig = many_strict_warnings, .input = 1},
    {"from_schema", op_from_schema, .text = schema_ok},
    {"from_schema many properties", op_from_schema, .text = big_schema},
    {"from_schema lossy", op_from_schema, .text = schema_lossy, .flags = TSIG_SCHEMA_LOSSY},
    {"from_schema error", op_from_schema, .text = schema_bad},
    {"from_schema discriminated oneOf", op_from_schema, .text = schema_one_of},
    {"from_schema repeats through refs", op_from_schema, .text = repeats_schema,
     .flags = TSIG_SCHEMA_LOSSY},
    {"from_schema strict error", op_from_schema, .text = schema_lossy},
    {"from_schema bad json", op_from_schema, .text = "{\"type\":\n\"object\""},
    {"from_schema too deep", op_from_schema, .text = deep_json},
    {"tool_from_json", op_from_schema, .which = 1, .text = tool_ok},
    {"tool_from_json lossy", op_from_schema, .which = 1, .text = tool_lossy,
     .flags = TSIG_SCHEMA_LOSSY},
    {"tool_from_json error", op_from_schema, .which = 1, .text = tool_bad},
    /* prompts and templates */
    {"render tools", op_render, .sig = SIG_OUT, .text = "Searches.\nTwo lines."},
    {"placeholders ok", op_placeholders, .sig = SIG_TPL, .text = tpl_text},
    {"placeholders errors", op_placeholders, .sig = SIG_TPL,
     .text = "{{user.mail}} {{nope}} {{#items}}{{cost}}{{/items}} {{#tags}}{{/tagz}} {{x"},
    {"placeholders v2", op_placeholders,
     .sig = "(t {a {b :int}, k :string \"d\"}|{a :int}|:string?, h {* {c :int}},"
            " u [{x :int}|{y :int}]) -> {r :int = 1 \"r\", _s :int}",
     .text = "{{t.a.b}} {{t.a.z}} {{t.q}} {{h.any.c}} {{h.any.d}} {{#u}}{{x}}{{y}}{{w}}{{/u}}"},
    {"render tool v2", op_render,
     .sig = "(q :string \"terms\", n :int[1..] = 10 \"max\") -> {r :int = 1 \"r\", _s :int}",
     .text = "Searches."},
    {"render template", op_template, .sig = SIG_TPL, .text = tpl_text, .text2 = tpl_args},
    {"placeholders many", op_placeholders, .sig = SIG_TPL, .text = big_tpl},
    {"render template many", op_template, .sig = SIG_TPL, .text = big_tpl, .text2 = big_args},
    {"render template error", op_template, .sig = SIG_TPL, .text = "Hi {{nope}}",
     .text2 = tpl_args},
    {"render template bad args", op_template, .sig = SIG_TPL, .text = tpl_text,
     .text2 = "{\"user\":\n{\"name\":}}"},
    /* the JSON boundary */
    API("api check", API_CHECK, .text = SIG_OUT),
    API("api check hidden", API_CHECK, .text = SIG_OUT, .flags = TSIG_FORMAT_HIDE_FIREWALLED),
    API("api check error", API_CHECK, .text = "(a :strng) -> :int"),
    API("api validate output", API_VALIDATE, .sig = SIG_OUT, .text = OUT_BAD),
    API("api validate input", API_VALIDATE, .sig = SIG_IN, .text = IN_OK, .input = 1),
    API("api validate bad json", API_VALIDATE, .sig = SIG_IN, .text = "{\n\"a\" 1}", .input = 1),
    API("api validate bad mode", API_VALIDATE, .sig = SIG_IN, .text = "{}", .mode = (tsig_mode)9),
    API("api parse", API_PARSE, .text = SIG_IN),
    API("api parse colliding names", API_PARSE, .text = colliding_sig),
    API("api validate colliding keys", API_VALIDATE, .sig = ":map", .text = colliding_json),
    API("api validate colliding fields", API_VALIDATE, .sig = colliding_sig,
        .text = colliding_json),
    API("api normalize colliding keys", API_NORMALIZE, .text = colliding_json),
    API("api render_template colliding keys", API_TEMPLATE, .sig = "(m :map) -> :any",
        .text = colliding_tpl, .text2 = colliding_args),
    API("api parse error", API_PARSE, .text = "(query :string,\n limit) -> :int"),
    API("api fast unchanged", API_FAST, .sig = SIG_OUT, .text = OUT_OK),
    API("api fast input", API_FAST, .sig = SIG_IN, .text = IN_OK, .input = 1),
    API("api fast errors", API_FAST, .sig = SIG_IN, .text = IN_ERRORS, .input = 1,
        .flags = TSIG_NUMBERS_ARE_DOUBLES, .mode = TSIG_MODE_STRICT, .max_errors = 2),
    API("api fast bad mode", API_FAST, .sig = SIG_IN, .text = "{}", .input = 1,
        .mode = (tsig_mode)7),
    API("api report", API_REPORT, .text = report_doc, .text2 = "search"),
    API("api report default title", API_REPORT, .text = report_doc),
    API("api report bad shape", API_REPORT, .text = "{\"errors\":[{\"path\":1}]}", .null_ok = 1),
    API("api result_json", API_RESULT_JSON, .sig = SIG_IN, .text = IN_OK, .input = 1),
    API("api result_json unchanged", API_RESULT_JSON, .sig = SIG_OUT, .text = " " OUT_OK "\n"),
    API("api result_json json error", API_RESULT_JSON, .sig = SIG_OUT, .text = "[1,\n2"),
    API("api normalize", API_NORMALIZE, .text = "{\"a-b\":{\"c-d\":[1e400,-0.0]}}"),
    API("api normalize collision", API_NORMALIZE, .text = "{\"a-b\":1,\"a_b\":2}"),
    API("api schema", API_SCHEMA, .sig = SIG_OUT, .flags = TSIG_SCHEMA_STRICT),
    API("api schema params", API_SCHEMA, .sig = SIG_IN, .input = 1),
    API("api schema params strict (warnings)", API_SCHEMA, .sig = SIG_IN, .input = 1, .flags = TSIG_SCHEMA_STRICT),
    API("api from_schema", API_FROM_SCHEMA, .text = schema_ok),
    API("api from_schema lossy", API_FROM_SCHEMA, .text = schema_lossy, .flags = TSIG_SCHEMA_LOSSY),
    API("api from_schema error", API_FROM_SCHEMA, .text = schema_bad),
    API("api tool_from_json", API_TOOL, .text = tool_ok),
    API("api tool_from_json lossy", API_TOOL, .text = tool_lossy, .flags = TSIG_SCHEMA_LOSSY),
    API("api tool_from_json error", API_TOOL, .text = tool_bad),
    API("api tool_from_json no name", API_TOOL, .text = "{\"name\":5,\"inputSchema\":{}}"),
    API("api tools_from_json", API_TOOLS, .text = big_tools, .flags = TSIG_SCHEMA_LOSSY),
    API("api tools_from_json mixed", API_TOOLS, .text = tools_mixed),
    API("api tools_from_json list", API_TOOLS,
        .text = "[{\"name\":\"a\",\"description\":\"x\",\"inputSchema\":{\"type\":\"object\"}}]"),
    API("api tools_from_json not list", API_TOOLS, .text = "{\"tool\":[]}"),
    API("api tools_from_json bad json", API_TOOLS, .text = "[{\"name\":\n]"),
    {"tools_from_json", op_tools, .text = big_tools, .flags = TSIG_SCHEMA_LOSSY},
    {"diff signatures", op_diff, .text = SIG_IN, .text2 = SIG_OUT},
    {"diff signatures changed", op_diff,
     .text = "(q :string, n :int[1..100]?, m :enum[a b c]) -> {items [{id :int, t :string?}], x :float}",
     .text2 = "(q :keyword, n :int[1..50], k :string, m :enum[a b]|:int) -> {items [{id :int|:string}]}?"},
    {"diff tool lists", op_diff, .text = tools_mixed + 0, .text2 = "[]"},
    {"diff tool lists api", op_diff, .which = 1, .text = tool_lists_old, .text2 = tool_lists_new},
    {"diff bad side", op_diff, .which = 1, .text = "(q :string", .text2 = "[1"},
    {"tools_from_json mixed", op_tools, .text = tools_mixed},
    {"tools_from_json not list", op_tools, .text = "{\"tool\":[]}"},
    {"tools_from_json duplicate keys", op_tools, .text = "[{\"a\":1,\"a\":2},{\"b\":1,\"b\":2}]"},
    {"tools_from_json bad json", op_tools, .text = "[{\"name\":\n]"},
    {"tools_from_signatures", op_tools, .which = 1, .text = render_list_ok},
    {"tools_from_signatures bad sig", op_tools, .which = 1, .text = render_list_bad},
    {"tools_from_signatures bad shape", op_tools, .which = 1, .text = "[{\"sig\":1}, 2]"},
    API("api render_tools", API_RENDER_TOOLS, .text = render_list_ok),
    API("api render_tools bad sig", API_RENDER_TOOLS, .text = render_list_bad),
    API("api render_tools bad shape", API_RENDER_TOOLS, .text = "[{\"sig\":1}, 2]"),
    API("api placeholders", API_PLACEHOLDERS, .sig = SIG_TPL, .text = tpl_text),
    API("api placeholders errors", API_PLACEHOLDERS, .sig = SIG_TPL,
        .text = "{{user.mail}} {{#items}}{{cost}}{{/items}}"),
    API("api render_template", API_TEMPLATE, .sig = SIG_TPL, .text = tpl_text, .text2 = tpl_args),
    API("api render_template error", API_TEMPLATE, .sig = SIG_TPL, .text = "{{#x}}",
        .text2 = tpl_args),
    API("api redact", API_REDACT, .sig = SIG_OUT, .text = "{\"a\":{\"_b\":1,\"c\":[{\"_d\":2}]}}",
        .flags = TSIG_REDACT_MASK),
    API("api redact error", API_REDACT, .sig = SIG_OUT, .text = "{\"a\":1,\"a\":2}"),
    /* the command line in memory */
    CLI("cli validate", cli_validate),
    CLI("cli validate json", cli_validate_json),
    CLI("cli check json", cli_check),
    CLI("cli check error", cli_check_bad),
    CLI("cli from-tools", cli_from_tools),
    CLI("cli from-tools json", cli_from_tools_json),
    CLI("cli tools", cli_tools),
    CLI("cli tools bad", cli_tools_bad),
    CLI("cli from-tools bad", cli_from_tools_bad),
    CLI("cli schema strict", cli_schema_strict),
    CLI("cli normalize", cli_normalize),
    CLI("cli schema", cli_schema),
    CLI("cli redact", cli_redact),
    CLI("cli placeholders", cli_placeholders),
    CLI("cli tool", cli_tool),
    CLI("cli infer", cli_infer),
    CLI("cli infer json error", cli_infer_json),
};

/* ---- the sweep -------------------------------------------------------------- */

static size_t total_points, total_runs, total_failures;

/* Runs c once, with the given failure, and checks what only one run can
 * tell. Returns the allocations it asked for. The outcome is in got. */
static size_t run_case(const op_case *c, size_t fail_at, int rest, const char *what,
                       int *problem)
{
    tsig_signature *sig = NULL;
    if (c->sig) {
        tsig_error err;
        sig = tsig_parse(c->sig, strlen(c->sig), &err);
        if (!sig) {
            tsig_test_fail(__FILE__, __LINE__, "%s: signature: %s", c->label, err.message);
            *problem = 1;
            return 0;
        }
    }
    got.len = 0;
    got.overflow = 0;
    inj_start(fail_at, rest);
    got.status = c->fn(c, sig);
    inj_stop();
    tsig_signature_free(sig);
    total_runs++;

    const char *wrong = NULL;
    if (got.status == R_BAD) wrong = "an answer the header does not allow";
    else if (got.overflow) wrong = "outcome too long for the test";
    else if (inj.table_full) wrong = "too many live blocks for the test";
    else if (inj.live) wrong = "leaked blocks";
    else if (inj.foreign_frees) wrong = "freed a block it did not allocate";
    else if (fail_at == 0 && got.status != R_OK) wrong = "out of memory without a failure";
    else if (fail_at && got.status == R_OK &&
             (got.len != want.len || memcmp(got.text, want.text, got.len) != 0))
        wrong = "a different answer";
    if (wrong) {
        *problem = 1;
        tsig_test_fail(__FILE__, __LINE__,
                       "%s, %s, k=%zu mode=%s: %s (live %zu, foreign frees %zu)\n"
                       "    got:  %.*s\n    want: %.*s",
                       c->label, what, fail_at, rest ? "all" : "one", wrong, inj.live,
                       inj.foreign_frees, (int)(got.len < 600 ? got.len : 600), got.text,
                       (int)(want.len < 600 ? want.len : 600), want.text);
    }
    return inj.count;
}

/* The whole sweep of one operation. */
static void sweep(const op_case *c)
{
    const char *only = getenv("TSIG_OOM_ONLY"); /* run the operations so labelled */
    if (only && !strstr(c->label, only)) return;
    int problem = 0;
    size_t n = run_case(c, 0, 0, "without failure", &problem);
    if (problem) return;
    want = got;
    total_points += n;
    if (getenv("TSIG_OOM_VERBOSE")) {
        printf("  %-36s %4zu allocations\n", c->label, n);
        if (strcmp(getenv("TSIG_OOM_VERBOSE"), "2") == 0)
            printf("%.*s\n", (int)(want.len < 2000 ? want.len : 2000), want.text);
        fflush(stdout);
    }
    size_t shown = 0;
    for (size_t k = 1; k <= n; k++) {
        for (int rest = 0; rest < 2; rest++) {
            problem = 0;
            run_case(c, k, rest, "failing", &problem);
            /* the library is still usable, and answers as before */
            if (!problem) run_case(c, 0, 0, "after a failure", &problem);
            if (problem) {
                total_failures++;
                if (++shown == 5) {
                    printf("    (%s: further failures not shown)\n", c->label);
                    return;
                }
            }
        }
    }
}

TEST(every_allocation_of_every_operation_may_fail)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) sweep(&cases[i]);
    printf("  %zu operations, %zu allocation points, %zu runs, %zu failures\n",
           sizeof cases / sizeof cases[0], total_points, total_runs, total_failures);
}

/* The injector itself: the k-th allocation fails (or every one from it
 * on), a failed realloc keeps its block, and the table sees leaks and
 * frees of blocks the run did not allocate. */
TEST(injector_fails_counts_and_tracks)
{
    /* Called through volatile pointers: an optimizer that knows malloc
     * would remove the pairs that nothing reads. */
    void *(*volatile do_malloc)(size_t) = malloc;
    void *(*volatile do_calloc)(size_t, size_t) = calloc;
    void *(*volatile do_realloc)(void *, size_t) = realloc;
    void (*volatile do_free)(void *) = free;

    void *before = do_malloc(8); /* outside a run */
    inj_start(2, 0);
    void *a = do_malloc(8), *b = do_malloc(8), *c = do_calloc(2, 8);
    void *d = do_realloc(c, 64); /* the 4th: succeeds and releases c */
    inj_stop();
    CHECK(a != NULL && b == NULL && d != NULL);
    CHECK_INT(inj.count, 4);
    CHECK_INT(inj.injected, 1);
    CHECK_INT(inj.live, 2); /* a and d: what a leak looks like */
    do_free(a);
    do_free(d);

    inj_start(2, 1);
    void *e = do_malloc(8);
    void *f = do_realloc(e, 128); /* fails: e stays live */
    void *g = do_malloc(1);
    CHECK(e != NULL && f == NULL && g == NULL);
    CHECK_INT(inj.live, 1);
    do_free(e);
    do_free(before);
    inj_stop();
    CHECK_INT(inj.injected, 2);
    CHECK_INT(inj.live, 0);
    CHECK_INT(inj.foreign_frees, 1);
}

/* The sweep's colliding keys do reach the table's ordered form, and its
 * growth as a tree. */
TEST(colliding_keys_make_a_table_ordered)
{
    tsig_table t;
    tsig_table_init(&t, 0, NULL, colliding_name, NULL);
    for (size_t i = 0; i < COLLIDING; i++) {
        const char *k = colliding_names[i];
        CHECK(tsig_table_add(&t, k, strlen(k), tsig_table_hash(&t, k, strlen(k)), i) ==
              TSIG_TABLE_NONE);
    }
    CHECK(tsig_table_ordered(&t));
    CHECK(t.node_cap > 64);
    tsig_table_release(&t);
}

int main(void)
{
    build_inputs();
    RUN(injector_fails_counts_and_tracks);
    RUN(colliding_keys_make_a_table_ordered);
    RUN(every_allocation_of_every_operation_may_fail);
    return tsig_test_summary();
}
