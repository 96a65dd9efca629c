/*
 * validate_message.c: the messages of a validation (SPEC §4) and the
 * result that holds them. A message goes to errors or warnings by its kind
 * and the mode; each list keeps max_errors entries and counts the rest
 * (for "too many errors: M more not shown"). Every message, kept or
 * counted, bumps v->emitted: a map compares it before and after each
 * member to know whether that member produced messages (see
 * tsig_check_record). Strings of kept messages live in the result's
 * arena. A value is echoed by tsig_echo_value.
 */
#include "validator.h"

/*
 * Starts a message of the given kind: returns the cleared message buffer
 * when it will be kept, NULL when it is only counted (its list is full) or
 * not reported at all (pass 2).
 */
tsig_strbuf *tsig_issue_open(validator *v, int kind)
{
    if (v->writing) return NULL;
    if (kind != ISSUE_WARNING) v->errors_seen++;
    if (v->trial) return NULL;
    v->emitted++;
    int warning = kind == ISSUE_WARNING ||
                  (kind == ISSUE_ERROR && v->mode == TSIG_MODE_WARN_ONLY);
    store *st = v->st;
    if (warning ? st->warning_count >= v->max_errors : st->error_count >= v->max_errors) {
        if (warning) st->warnings_dropped++;
        else st->errors_dropped++;
        return NULL;
    }
    v->pending_warning = warning;
    v->msg.len = 0;
    if (v->msg.data) v->msg.data[0] = '\0';
    return &v->msg;
}

/* Appends an issue to a list, growing it. 0 when out of memory. */
static int issue_push(tsig_issue **items, size_t *count, size_t *cap,
                      const tsig_issue *issue)
{
    if (*count == *cap) {
        size_t n = *cap ? *cap * 2 : 8;
        tsig_issue *grown = realloc(*items, n * sizeof *grown);
        if (!grown) return 0;
        *items = grown;
        *cap = n;
    }
    (*items)[(*count)++] = *issue;
    return 1;
}

/* Keeps the message built since issue_open, at the first steps of the
 * path, in the result, with its code and the span [at, end) of what it is
 * about (in a text read from a string: the string's). 0 when out of
 * memory. */
int tsig_issue_close(validator *v, size_t steps, tsig_issue_code code, size_t at,
                     size_t end)
{
    store *st = v->st;
    tsig_strbuf *path = &v->scratch;
    path->len = 0;
    tsig_sb_reserve(path, 0); /* a buffer even for the root */
    tsig_json_path_format(path, v->path.segs, steps);
    if (v->msg.failed || path->failed || !v->msg.data) return nomem(v);

    tsig_issue issue;
    char *message = tsig_arena_strndup(&st->arena, v->msg.data, v->msg.len);
    char *where = tsig_arena_strndup(&st->arena, path->data, path->len);
    tsig_segment *segs = steps ? tsig_arena_alloc(&st->arena, steps * sizeof *segs) : NULL;
    if (!message || !where || (steps && !segs)) return nomem(v);
    for (size_t i = 0; i < steps; i++) {
        const tsig_json_seg *s = &v->path.segs[i];
        segs[i].index = s->index;
        segs[i].key = NULL;
        segs[i].key_len = 0;
        if (!s->key) continue;
        char *key = tsig_arena_alloc(&st->arena, s->len + 1);
        if (!key) return nomem(v);
        segs[i].key_len = s->escaped ? tsig_json_unescape(s->key, s->len, key) : s->len;
        if (!s->escaped) memcpy(key, s->key, s->len);
        key[segs[i].key_len] = '\0';
        segs[i].key = key;
    }
    issue.path = where;
    issue.path_len = path->len;
    issue.segments = segs;
    issue.segment_count = steps;
    issue.message = message;
    issue.message_len = v->msg.len;
    if (v->text_id) {
        at = v->outer_at;
        end = v->outer_end;
    }
    issue.code = code;
    issue.offset = at;
    issue.length = end - at;
    int ok = v->pending_warning
                 ? issue_push(&st->warnings, &st->warning_count, &st->warning_cap, &issue)
                 : issue_push(&st->errors, &st->error_count, &st->error_cap, &issue);
    return ok ? 1 : nomem(v);
}

/* "expected <T>": a refined type is its base, an enum "one of a, b", a
 * union "A or B" (SPEC §4, §11.3). */
void tsig_put_expected(tsig_strbuf *m, const tsig_type *t)
{
    tsig_sb_puts(m, "expected ");
    tsig_type_label(m, t);
}

/* Where the value at (or after whitespace at) at ends, read for its
 * syntax only; *start gets its first byte and j->pos is left there. 0 when
 * the text is bad. For the span of a message that comes before its value
 * is read: only kept messages ask, and their values do not overlap. */
static size_t value_end(validator *v, size_t at, size_t *start)
{
    tsig_json *j = &v->j;
    *start = j->pos = tsig_json_ws(j, at);
    if (!skip(v)) return 0;
    size_t end = j->pos;
    j->pos = *start;
    return end;
}

/* "unexpected field" (strict mode) for the member whose value is at at. */
int tsig_report_unexpected(validator *v, size_t at)
{
    tsig_strbuf *m = tsig_issue_open(v, ISSUE_ERROR);
    if (!m) return 1;
    tsig_sb_puts(m, "unexpected field");
    size_t start, end = value_end(v, at, &start);
    return end && tsig_issue_close(v, v->path.count, TSIG_ISSUE_UNEXPECTED, start, end);
}

/* Appends a number's text as echoed: cut after TSIG_ECHO_MAX characters. */
void tsig_echo_number(tsig_strbuf *m, const char *text, size_t len)
{
    if (len <= TSIG_ECHO_MAX) {
        tsig_sb_append(m, text, len);
    } else {
        tsig_sb_append(m, text, TSIG_ECHO_MAX);
        tsig_sb_puts(m, "\xE2\x80\xA6");
    }
}

/* Appends "string \"abc\"", "int 42", "bool true", "nil", ... for the
 * scalar token that starts at text[at] (its string content or number in s). */
static void describe_scalar(validator *v, tsig_strbuf *m, size_t at,
                            const tsig_json_span *s)
{
    const char *src = v->j.src;
    switch (src[at]) {
    case '"':
        tsig_sb_puts(m, "string ");
        tsig_json_echo(m, src + s->start, s->len, s->flag, TSIG_ECHO_MAX);
        break;
    case 't': tsig_sb_puts(m, "bool true"); break;
    case 'f': tsig_sb_puts(m, "bool false"); break;
    case 'n': tsig_sb_puts(m, "nil"); break;
    default:
        tsig_sb_puts(m, s->flag ? "int " : "float ");
        tsig_echo_number(m, src + s->start, s->len);
    }
}

/* Appends the value whose first byte is at at as messages name it: "map",
 * "list", or the scalar as describe_scalar echoes it. Returns where the
 * value ends (j->pos is then at its start or its end), 0 on bad text. */
size_t tsig_echo_value(validator *v, tsig_strbuf *m, size_t at)
{
    char c = v->j.src[at];
    if (c == '{' || c == '[') {
        tsig_sb_puts(m, c == '{' ? "map" : "list");
        size_t start;
        return value_end(v, at, &start);
    }
    tsig_json_span s = {0, 0, 0};
    v->j.pos = at;
    if (!tsig_json_scalar(&v->j, &s)) return 0;
    describe_scalar(v, m, at, &s);
    return v->j.pos;
}

/* The code of a value that is not a t: enum, union or type. */
static tsig_issue_code mismatch_code(const tsig_type *t)
{
    return t->kind == TSIG_ENUM ? TSIG_ISSUE_ENUM
           : t->kind == TSIG_UNION ? TSIG_ISSUE_UNION
                                   : TSIG_ISSUE_TYPE;
}

/* "expected <T>, got <the scalar at [at, end)>" at the current path. */
int tsig_wrong_scalar(validator *v, const tsig_type *t, size_t at, size_t end,
                      const tsig_json_span *s)
{
    tsig_strbuf *m = tsig_issue_open(v, ISSUE_ERROR);
    if (!m) return 1;
    tsig_put_expected(m, t);
    tsig_sb_puts(m, ", got ");
    describe_scalar(v, m, at, s);
    return tsig_issue_close(v, v->path.count, mismatch_code(t), at, end);
}

/* "expected <T>, got <the value at at>" at the current path. */
int tsig_wrong_value(validator *v, const tsig_type *t, size_t at)
{
    tsig_strbuf *m = tsig_issue_open(v, ISSUE_ERROR);
    if (!m) return 1;
    tsig_put_expected(m, t);
    tsig_sb_puts(m, ", got ");
    size_t end = tsig_echo_value(v, m, at);
    return end && tsig_issue_close(v, v->path.count, mismatch_code(t), at, end);
}

/* The walker's report of a repeated key: "duplicate key \"id\"" at the
 * key's path. */
static int duplicate_key(validator *v, const char *key, size_t len, size_t at, size_t end)
{
    tsig_strbuf *m = tsig_issue_open(v, ISSUE_HARD);
    if (!m) return 1;
    tsig_sb_puts(m, "duplicate key ");
    tsig_json_escape_cut(m, key, len, TSIG_ECHO_MAX);
    return tsig_issue_close(v, v->path.count, TSIG_ISSUE_DUPLICATE_KEY, at, end);
}

int tsig_on_duplicate_key(void *ctx, size_t first, const char *key, size_t len,
                          size_t offset)
{
    validator *v = ctx;
    (void)first;
    /* the key's span: the walker stands at its value, after the ':' */
    const char *src = v->j.src;
    size_t end = v->j.pos;
    while (end > offset && src[end - 1] != '"') end--;
    return duplicate_key(v, key, len, offset, end);
}

/* "ambiguous field: \"a-b\" and \"a_b\" both present" at the current path. */
int tsig_report_ambiguous(validator *v, const tsig_json_span *first,
                          const tsig_json_span *second)
{
    tsig_strbuf *m = tsig_issue_open(v, ISSUE_ERROR);
    if (!m) return 1;
    const char *src = v->j.src;
    tsig_sb_puts(m, "ambiguous field: ");
    tsig_json_echo(m, src + first->start, first->len, first->flag, TSIG_ECHO_MAX);
    tsig_sb_puts(m, " and ");
    tsig_json_echo(m, src + second->start, second->len, second->flag, TSIG_ECHO_MAX);
    tsig_sb_puts(m, " both present");
    return tsig_issue_close(v, v->path.count, TSIG_ISSUE_AMBIGUOUS, second->start - 1,
                            second->start + second->len + 1);
}

/* "duplicate key \"k\"" for the key at the last step of the path. */
int tsig_report_duplicate(validator *v, const tsig_json_span *key)
{
    size_t len;
    const char *text = string_text(v, key, &len);
    if (!text) return 0;
    return duplicate_key(v, text, len, key->start - 1, key->start + key->len + 1);
}

/* ---- the result -------------------------------------------------------- */

/* Adds "too many errors: M more not shown" (or warnings) to a list: about
 * the whole text, len bytes. */
int tsig_store_overflow(store *st, int warnings, size_t len)
{
    size_t dropped = warnings ? st->warnings_dropped : st->errors_dropped;
    if (!dropped) return 1;
    char text[96];
    int n = tsig_snprintf(text, sizeof text, "too many %s: %zu more not shown",
                          warnings ? "warnings" : "errors", dropped);
    tsig_issue issue = {"", 0, NULL, 0, NULL, (size_t)n, TSIG_ISSUE_TOO_MANY, 0, len};
    issue.message = tsig_arena_strndup(&st->arena, text, (size_t)n);
    if (!issue.message) return 0;
    return warnings ? issue_push(&st->warnings, &st->warning_count, &st->warning_cap, &issue)
                    : issue_push(&st->errors, &st->error_count, &st->error_cap, &issue);
}

/* Forgets every message of a store (the strings stay in the arena until
 * the result is freed). */
void tsig_store_clear(store *st)
{
    st->error_count = st->warning_count = 0;
    st->errors_dropped = st->warnings_dropped = 0;
}

/* The one error of unreadable text: "JSON error at L:C: ...", as the
 * reader wrote it, at its position. */
int tsig_store_json_error(store *st, const tsig_error *err)
{
    size_t n = strlen(err->message);
    tsig_issue_code code = err->code == TSIG_ERR_TOO_DEEP    ? TSIG_ISSUE_TOO_DEEP
                           : err->code == TSIG_ERR_TOO_LARGE ? TSIG_ISSUE_TOO_LARGE
                                                             : TSIG_ISSUE_JSON_SYNTAX;
    tsig_issue issue = {"", 0, NULL, 0, NULL, n, code, err->offset, 0};
    issue.message = tsig_arena_strndup(&st->arena, err->message, n);
    return issue.message && issue_push(&st->errors, &st->error_count, &st->error_cap, &issue);
}

/* What st holds (st itself is the caller's). */
void tsig_store_release(store *st)
{
    tsig_arena_release(&st->arena);
    free(st->errors);
    free(st->warnings);
    free(st->value);
}

static void store_free(store *st)
{
    if (!st) return;
    tsig_store_release(st);
    free(st);
}

/* The offsets of n issues moved by at. */
static void move_issues(const tsig_issue *list, size_t n, size_t (*at)(const void *ctx, size_t o),
                        const void *ctx)
{
    tsig_issue *e = (tsig_issue *)(uintptr_t)list;
    for (size_t i = 0; i < n; i++) {
        size_t end = at(ctx, e[i].offset + e[i].length);
        e[i].offset = at(ctx, e[i].offset);
        e[i].length = end - e[i].offset;
    }
}

int tsig_result_move(tsig_result *r, size_t (*at)(const void *ctx, size_t o),
                     void (*line_col)(const void *ctx, size_t o, size_t *line, size_t *column),
                     const void *ctx)
{
    store *st = r->internal_;
    move_issues(r->errors, r->error_count, at, ctx);
    move_issues(r->warnings, r->warning_count, at, ctx);
    if (r->json_error.code == TSIG_OK) return 1;
    tsig_error *err = &r->json_error;
    size_t o = err->offset;
    err->offset = at(ctx, o);
    line_col(ctx, o, &err->line, &err->column);
    const char *what = tsig_json_error_reason(err->message);
    if (!what) return 1;
    char rest[TSIG_MESSAGE_MAX];
    tsig_snprintf(rest, sizeof rest, "%s", what);
    tsig_snprintf(err->message, sizeof err->message, "JSON error at %zu:%zu: %s", err->line,
                  err->column, rest);
    /* the one error of unreadable text says it too */
    if (!st || r->error_count != 1) return 1;
    tsig_issue *e = (tsig_issue *)(uintptr_t)r->errors;
    size_t n = strlen(err->message);
    const char *m = tsig_arena_strndup(&st->arena, err->message, n);
    if (!m) return 0;
    e->message = m;
    e->message_len = n;
    return 1;
}

int tsig_result_set_message(tsig_result *r, size_t i, const char *message, size_t len)
{
    store *st = r->internal_;
    const char *m = st && i < r->error_count ? tsig_arena_strndup(&st->arena, message, len) : NULL;
    if (!m) return 0;
    tsig_issue *e = (tsig_issue *)(uintptr_t)r->errors;
    e[i].message = m;
    e[i].message_len = len;
    return 1;
}

void tsig_result_free(tsig_result *result)
{
    if (!result) return;
    store_free(result->internal_);
    memset(result, 0, sizeof *result);
}
