/*
 * toolsig.h: the signature language of LLM agent tools.
 *
 *   (query :string, limit :int) -> {count :int, items [{id :int}]}
 *
 * The only public header of the toolsig C core. Every input is a
 * (pointer, length) pair and is never assumed to be NUL-terminated. Every
 * string or object this library returns is owned by the caller and released
 * by exactly one function, named next to the function that returns it
 * (tsig_free for plain strings). No function keeps global state but the
 * hash key (tsig_hash_seed), set once: one process (or one WebAssembly
 * instance) serves any number of callers.
 */
#ifndef TOOLSIG_H
#define TOOLSIG_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TSIG_VERSION "0.1.0"

/* ========================================================================
 * Section: hashing
 *
 * Every table the library builds from data (JSON keys, field and property
 * names) is hashed under a 128-bit key so that input cannot be written to
 * collide. The key is the one setting the library keeps for the whole
 * process: set it once, from a random source, before any other call (and
 * before other threads use the library). Without it the key is fixed and
 * public; crafted keys then cost O(log n) each instead of O(1), never more.
 * ===================================================================== */

/* Sets the process's hash key to seed[0..16) (16 random bytes: getrandom,
 * crypto.getRandomValues). Tables begun afterwards use it. */
void tsig_hash_seed(const unsigned char seed[16]);

/* ========================================================================
 * Section: errors
 * ===================================================================== */

/* Stable error codes: never renumbered, only appended. */
typedef enum tsig_code {
    TSIG_OK = 0,
    TSIG_ERR_SYNTAX = 1,         /* signature text does not follow the grammar */
    TSIG_ERR_UNKNOWN_TYPE = 2,   /* ":word" that names no type */
    TSIG_ERR_DUPLICATE_NAME = 3, /* names collide after "-" -> "_" */
    TSIG_ERR_TOO_DEEP = 4,       /* nesting over a limit (signature or JSON) */
    TSIG_ERR_JSON = 5,           /* JSON text is not RFC 8259 (or not UTF-8) */
    TSIG_ERR_KEY_COLLISION = 6,  /* normalize_keys: two keys normalize alike */
    TSIG_ERR_SCHEMA = 7,         /* JSON Schema that toolsig cannot express */
    TSIG_ERR_TEMPLATE = 8,       /* template placeholders rejected */
    TSIG_ERR_ARGUMENT = 9,       /* bad argument: NULL, unknown option value */
    TSIG_ERR_NOMEM = 10,         /* out of memory */
    TSIG_ERR_TOO_LARGE = 11      /* input larger than TSIG_MAX_INPUT */
} tsig_code;

#define TSIG_MESSAGE_MAX 384
#define TSIG_HINT_MAX 160

/* Largest input, in bytes, of any function (signature, JSON, template). */
#define TSIG_MAX_INPUT ((size_t)1 << 30)

/*
 * What went wrong and where. Filled in place: no allocation, so it can be
 * reported even when memory is exhausted. line and column are 1-based and
 * count bytes (only "\n" starts a line); offset is the byte offset of the
 * first byte that could not be accepted. hint is "" when none applies.
 * message and hint are always NUL-terminated (cut to fit, on a UTF-8
 * boundary).
 */
typedef struct tsig_error {
    tsig_code code;
    size_t offset;
    size_t line;
    size_t column;
    char message[TSIG_MESSAGE_MAX];
    char hint[TSIG_HINT_MAX];
} tsig_error;

/* The symbolic name of a code ("TSIG_ERR_SYNTAX"); static storage. */
const char *tsig_code_name(tsig_code code);
/* Its stable short name, as JSON documents and the JS package give it
 * ("syntax", "unknown_type", "too_deep", ...); static storage. */
const char *tsig_code_kind(tsig_code code);

/*
 * The text form of a positioned error, for people and LLMs:
 *
 *   signature error at 1:22: expected a type after "limit", found ")"
 *     (query :string, limit) -> :int
 *                          ^
 *   hint: ...                       (only when err->hint is set)
 *
 * kind is the first word ("signature", "template", ...). src/len is the text
 * the error points into. Returns a NUL-terminated string the caller frees
 * with tsig_free, or NULL when out of memory.
 */
char *tsig_error_format(const tsig_error *err, const char *kind,
                        const char *src, size_t len);

/* Releases any string returned by this library. NULL is ignored. */
void tsig_free(void *ptr);

/* ========================================================================
 * Section: signatures and types
 * ===================================================================== */

typedef struct tsig_signature tsig_signature;
typedef struct tsig_type tsig_type;

typedef enum tsig_kind {
    TSIG_STRING = 0,
    TSIG_INT = 1,
    TSIG_FLOAT = 2,
    TSIG_BOOL = 3,
    TSIG_KEYWORD = 4,
    TSIG_ANY = 5,
    TSIG_MAP = 6,      /* :map, any object */
    TSIG_DATETIME = 7,
    TSIG_LIST = 8,     /* [T] */
    TSIG_RECORD = 9,   /* {field T, ...}, a typed map */
    TSIG_OPTIONAL = 10, /* T? */
    TSIG_ENUM = 11,     /* :enum[a b c] */
    TSIG_UNION = 12     /* A|B */
} tsig_kind;

/* Nesting of "[" and "{" a signature may have. */
#define TSIG_SIGNATURE_MAX_DEPTH 64

/*
 * Parses signature text. Returns a signature that owns its whole type tree
 * (one arena, released by tsig_signature_free), or NULL with *err filled
 * (err may not be NULL). Raw NUL bytes and invalid UTF-8 are syntax errors.
 */
tsig_signature *tsig_parse(const char *src, size_t len, tsig_error *err);

/* Releases a signature and every type in it. NULL is ignored. */
void tsig_signature_free(tsig_signature *sig);

size_t tsig_param_count(const tsig_signature *sig);
/* Name of parameter i (as written, not NUL-terminated); *len gets its length. */
const char *tsig_param_name(const tsig_signature *sig, size_t i, size_t *len);
const tsig_type *tsig_param_type(const tsig_signature *sig, size_t i);
const tsig_type *tsig_returns(const tsig_signature *sig);
/* 1 iff the return type is a list, optional or not. */
int tsig_returns_list(const tsig_signature *sig);

tsig_kind tsig_type_kind(const tsig_type *type);
/* The element of a list, the inner type of an optional; NULL otherwise. */
const tsig_type *tsig_type_elem(const tsig_type *type);
/* Fields of a typed map, in declaration order (0 for other kinds). */
size_t tsig_type_field_count(const tsig_type *type);
const char *tsig_type_field_name(const tsig_type *type, size_t i, size_t *len);
const tsig_type *tsig_type_field_type(const tsig_type *type, size_t i);

/* tsig_format flags */
#define TSIG_FORMAT_HIDE_FIREWALLED 1u /* drop "_" fields of the return type */
#define TSIG_FORMAT_NO_DESCRIPTIONS 2u /* leave descriptions out (defaults stay) */

/*
 * The canonical form (SPEC §2): "(name T, name T) -> T", or the shorthand
 * "T" without parameters. Returns a NUL-terminated string (length in *len
 * when len is not NULL) the caller frees with tsig_free; NULL when out of
 * memory.
 */
char *tsig_format(const tsig_signature *sig, unsigned flags, size_t *len);
/* The canonical form of one type (":int", "[{id :int}]?"); as tsig_format. */
char *tsig_format_type(const tsig_type *type, unsigned flags, size_t *len);

/*
 * The parsed form as JSON (SPEC §2 "AST as JSON"):
 * {"params":[[name,T],...],"returns":T}. Freed with tsig_free; NULL when
 * out of memory.
 */
char *tsig_ast_json(const tsig_signature *sig, size_t *len);

/* ========================================================================
 * Section: validation
 * ===================================================================== */

typedef enum tsig_mode {
    TSIG_MODE_ENABLED = 0,   /* errors fail; extra fields kept */
    TSIG_MODE_WARN_ONLY = 1, /* errors become warnings; ok */
    TSIG_MODE_DISABLED = 2,  /* JSON is still read; value passed through */
    TSIG_MODE_STRICT = 3     /* as enabled, and undeclared fields fail */
} tsig_mode;

/* "enabled", "warn_only", "disabled", "strict" (the names callers that
 * speak JSON use); NULL for a value that is no mode. */
const char *tsig_mode_name(tsig_mode mode);

#define TSIG_DEFAULT_MAX_ERRORS 100
#define TSIG_DEFAULT_MAX_DEPTH 1000
/* The largest max_depth accepted; larger values are clamped to it. */
#define TSIG_MAX_DEPTH_LIMIT 10000

/* tsig_validate_options.flags */
#define TSIG_VALUE_ALWAYS 1u /* write value_json even when unchanged */
#define TSIG_VALUE_NEVER 2u  /* never write value_json (only check) */
/*
 * The host reads numbers as IEEE doubles (JavaScript), so an int where
 * :float is declared is no change there: validate_input accepts it
 * silently and leaves it as written ("42" stays "42"; without this flag it
 * becomes "42.0"). It alone never makes the result changed; every other
 * coercion still does, and a value written for another reason keeps such
 * ints as they were.
 */
#define TSIG_NUMBERS_ARE_DOUBLES 4u
/*
 * Repair (SPEC §12.1): JSON as models write it (a code fence, prose around
 * the value, trailing commas, comments, single or curly quotes, bare keys,
 * True/False/None, raw newlines in strings, a comma missing at a line
 * break) is read as the JSON meant, each repair a root-level warning
 * "repaired JSON at L:C: <what>", and the value returned is the repaired
 * one. Off by default for tsig_validate_json, on by default for
 * tsig_validate_input_json: TSIG_REPAIR switches it on, TSIG_NO_REPAIR off.
 */
#define TSIG_REPAIR 8u
#define TSIG_NO_REPAIR 16u
/*
 * Streams only: the caller keeps the text it pushes (or needs neither a
 * partial value nor a changed value), so the stream need not. Without
 * repair (which may start late and reads the text from its start), the
 * elements of lists the stream has validated are dropped as they are
 * read, and its memory is what is left: the text outside such elements,
 * the element being read, and the nesting state. In exchange
 * tsig_stream_partial gives NULL (tsig_stream_partial_cut tells what to
 * cut from the caller's text), and when the value changed (the result's
 * changed, a field order or a byte-order mark), the end result has no
 * value_json: validating the text kept in one shot gives it.
 */
#define TSIG_CALLER_KEEPS_TEXT 32u

/*
 * For tsig_api_validate_fast only: each issue of the document also says
 * "index", its place as a UTF-16 index into the text (the form a JS string
 * has), counted by the core in one pass over the text, so that the caller
 * does not walk the text again.
 */
#define TSIG_API_UTF16_INDEXES 64u

typedef struct tsig_validate_options {
    tsig_mode mode;
    size_t max_errors; /* 0: TSIG_DEFAULT_MAX_ERRORS */
    size_t max_depth;  /* 0: TSIG_DEFAULT_MAX_DEPTH */
    unsigned flags;
} tsig_validate_options;

/* One step of a path: an object key (JSON-unescaped, may hold NUL bytes) or
 * a list index. */
typedef struct tsig_segment {
    const char *key; /* NULL for an index */
    size_t key_len;
    size_t index;
} tsig_segment;

/*
 * What an error or a warning is about: stable codes, never renumbered,
 * only appended. tsig_issue_code_name gives the name JSON documents and the
 * JS package use ("type", "missing", ...).
 */
typedef enum tsig_issue_code {
    TSIG_ISSUE_TYPE = 0,          /* "expected int, got string \"abc\"" */
    TSIG_ISSUE_MISSING = 1,       /* "missing required field, expected int" */
    TSIG_ISSUE_UNEXPECTED = 2,    /* strict: "unexpected field" */
    TSIG_ISSUE_AMBIGUOUS = 3,     /* "ambiguous field: \"a-b\" and \"a_b\" both present" */
    TSIG_ISSUE_DUPLICATE_KEY = 4, /* "duplicate key \"id\"" */
    TSIG_ISSUE_COERCED = 5,       /* warning: "coerced string \"42\" to int" */
    TSIG_ISSUE_JSON_SYNTAX = 6,   /* "JSON error at L:C: ..." (the text is not JSON) */
    TSIG_ISSUE_TOO_DEEP = 7,      /* "JSON error at L:C: nesting deeper than N" */
    TSIG_ISSUE_TOO_MANY = 8,      /* "too many errors: M more not shown" */
    TSIG_ISSUE_ENUM = 9,          /* a value that is none of an enum's */
    TSIG_ISSUE_RANGE = 10,        /* a number outside a refinement's bounds */
    TSIG_ISSUE_LENGTH = 11,       /* a string's or list's length outside them */
    TSIG_ISSUE_UNION = 12,        /* a value no member of a union takes */
    TSIG_ISSUE_WRAPPED = 13,      /* warning: "wrapped int 1 in a list" */
    TSIG_ISSUE_REPAIRED = 14,     /* warning: "repaired JSON at L:C: ..." (SPEC §12.1) */
    TSIG_ISSUE_TOO_LARGE = 15,    /* the text is larger than TSIG_MAX_INPUT */
    TSIG_ISSUE_SCHEMA = 16,       /* a tool whose schemas a signature cannot say */
    TSIG_ISSUE_SIGNATURE = 17     /* signature text (of a list of tools) that does not parse */
} tsig_issue_code;

/* "type", "missing", ...; static storage ("" for a code not listed). */
const char *tsig_issue_code_name(tsig_issue_code code);

/*
 * An error or a warning: where (path string and segments), what (code and
 * message), and the bytes of the JSON text it is about: text[offset ..
 * offset + length). That is the value at the path; for "missing" the
 * object that lacks the field; for "duplicate_key" and "ambiguous" the key
 * (quotes included) that came second; for a value read from a string that
 * held JSON (SPEC §11.4) the whole string; for "too_many" the whole text;
 * for a JSON text error (json_syntax, too_deep, too_large) the position of
 * the error, with length 0.
 */
typedef struct tsig_issue {
    const char *path; /* "results[0].customer.id"; "" for the root */
    size_t path_len;
    const tsig_segment *segments;
    size_t segment_count;
    const char *message; /* "expected int, got string \"abc\"" */
    size_t message_len;
    tsig_issue_code code;
    size_t offset;
    size_t length;
} tsig_issue;

/*
 * The outcome of one validation. All memory it points to belongs to the
 * result and is released by tsig_result_free.
 *
 * value_json is set only when ok, and then only when the value differs from
 * the input text (changed: coercion, key spelling, field order) or when
 * TSIG_VALUE_ALWAYS was asked; it is compact JSON. When ok and not changed,
 * the input text is the value.
 *
 * A JSON text error (or too-deep nesting) is one root error whose message
 * is "JSON error at L:C: ..."; json_error then holds its code and position
 * (json_error.code is TSIG_OK otherwise).
 */
typedef struct tsig_result {
    int ok;
    int changed;
    const char *value_json;
    size_t value_len;
    const tsig_issue *errors;
    size_t error_count;
    const tsig_issue *warnings;
    size_t warning_count;
    tsig_error json_error;
    void *internal_; /* owned storage; do not touch */
} tsig_result;

/*
 * Validates JSON text against the return type (strict types, no coercion).
 * opts may be NULL (defaults). Always fills *out (release it with
 * tsig_result_free, whatever the return). Returns TSIG_OK when the text was
 * judged (see out->ok), TSIG_ERR_JSON / TSIG_ERR_TOO_DEEP for unreadable
 * text, TSIG_ERR_NOMEM, or TSIG_ERR_ARGUMENT.
 */
tsig_code tsig_validate_json(const tsig_signature *sig, const char *json,
                             size_t len, const tsig_validate_options *opts,
                             tsig_result *out);

/*
 * Validates tool arguments (a JSON object) against the parameters, with the
 * lenient coercions of SPEC §5. As tsig_validate_json otherwise; the value
 * uses the signature's spelling of every key.
 */
tsig_code tsig_validate_input_json(const tsig_signature *sig, const char *json,
                                   size_t len,
                                   const tsig_validate_options *opts,
                                   tsig_result *out);

/* Releases everything a result holds and zeroes it. NULL is ignored. */
void tsig_result_free(tsig_result *result);

/* The titles of reports (SPEC §4): of tool arguments (validate_input) and
 * of return values (validate). */
#define TSIG_REPORT_TITLE_INPUT "Tool"
#define TSIG_REPORT_TITLE_OUTPUT "Return"

/*
 * The report text fed back to an LLM (SPEC §4): "<title> validation
 * errors:\n- path: message" and a warnings section; "" when there is
 * nothing to report. title NULL means "Tool". Freed with tsig_free.
 */
char *tsig_report(const tsig_result *result, const char *title, size_t *len);

/* ========================================================================
 * Section: keys
 * ===================================================================== */

/*
 * Key normalization (SPEC §6): every object key, at any depth, gets "-"
 * replaced by "_". On success returns TSIG_OK and *out holds compact JSON
 * (freed with tsig_free). Otherwise *out is NULL and *err says why:
 * TSIG_ERR_KEY_COLLISION ("keys \"a-b\" and \"a_b\" both normalize to
 * \"a_b\" at rows[0]"), TSIG_ERR_JSON, TSIG_ERR_TOO_DEEP (nesting over
 * TSIG_DEFAULT_MAX_DEPTH), TSIG_ERR_NOMEM.
 */
tsig_code tsig_normalize_keys(const char *json, size_t len, char **out,
                              size_t *out_len, tsig_error *err);

/* ========================================================================
 * Section: JSON Schema
 * ===================================================================== */

/* Schema flags */
#define TSIG_SCHEMA_STRICT 1u /* OpenAI strict structured outputs */
#define TSIG_SCHEMA_LOSSY 2u  /* widen what cannot be expressed, with a warning */

/*
 * JSON Schema of the return type (SPEC §9), compact JSON; a list return type
 * is wrapped as {"type":"object","properties":{"items":...},...}. With
 * TSIG_SCHEMA_STRICT every property is required and optionals stay
 * nullable. Freed with tsig_free; NULL when out of memory.
 */
char *tsig_to_json_schema(const tsig_signature *sig, unsigned flags,
                          size_t *len);

/* The parameters as one object schema for function-calling tool
 * definitions (SPEC §9); as tsig_to_json_schema. */
char *tsig_tool_parameters_schema(const tsig_signature *sig, unsigned flags,
                                  size_t *len);

/* A list of messages (warnings). Release with tsig_messages_free. */
typedef struct tsig_messages {
    const char *const *items; /* NUL-terminated strings */
    size_t count;
    void *internal_;
} tsig_messages;

void tsig_messages_free(tsig_messages *messages);

/*
 * Each place of the strict schema (TSIG_SCHEMA_STRICT) of the return type
 * (params 0) or of the parameters (params 1) that OpenAI's strict mode
 * rejects: :any, :map, typed extra fields, string length bounds, an enum
 * with no common type, a root that is not an object. One message per
 * place, "<JSON Pointer into the schema>: <reason>", in the schema's
 * order; at most 100, then "#: N more places OpenAI strict mode cannot
 * express". The schema stays the one SPEC §9 gives. Returns TSIG_OK with
 * *out filled (released with tsig_messages_free; no message: count 0), or
 * TSIG_ERR_NOMEM, or TSIG_ERR_ARGUMENT (sig or out NULL), *out then empty.
 */
tsig_code tsig_strict_warnings(const tsig_signature *sig, int params, tsig_messages *out);

/*
 * The inverse of tsig_to_json_schema (SPEC §9): a signature without
 * parameters whose return type the schema describes. flags may hold
 * TSIG_SCHEMA_LOSSY. warnings (may be NULL) receives one message per widened
 * place, "<JSON Pointer>: <reason>", in document order. Returns NULL with
 * *err filled (TSIG_ERR_SCHEMA with the pointer in the message,
 * TSIG_ERR_JSON, TSIG_ERR_TOO_DEEP, TSIG_ERR_NOMEM).
 */
tsig_signature *tsig_from_json_schema(const char *json, size_t len,
                                      unsigned flags, tsig_messages *warnings,
                                      tsig_error *err);

/*
 * The signature of an MCP or function-calling tool given as JSON
 * {name, description, inputSchema, outputSchema?} (SPEC §9). Pointers in
 * errors and warnings start at the tool object ("#/inputSchema/...").
 * As tsig_from_json_schema otherwise.
 */
tsig_signature *tsig_tool_from_json(const char *json, size_t len,
                                    unsigned flags, tsig_messages *warnings,
                                    tsig_error *err);

/* A list of tools read by tsig_tools_from_json or
 * tsig_tools_from_signatures; released by tsig_tools_free. */
typedef struct tsig_tools tsig_tools;

/* One tool of a tsig_tools list that converted. Its memory belongs to the
 * list (valid until tsig_tools_free). */
typedef struct tsig_tool {
    size_t index;              /* its position in the input list */
    const char *name;          /* its "name" (decoded; may hold NUL bytes), which it must have */
    size_t name_len;
    const char *description;   /* its "description"; NULL when none */
    size_t description_len;
    const tsig_signature *sig; /* the signature tsig_tool_from_json gave (from a list
                                * of signatures: its "sig" parsed; NULL without one) */
    const char *signature;     /* its canonical form (tsig_format, flags 0), NUL-terminated;
                                * NULL when sig is */
    size_t signature_len;
    const char *const *warnings; /* "<JSON Pointer>: <reason>", NUL-terminated */
    size_t warning_count;
} tsig_tool;

/* index of a failure about the whole text rather than one tool */
#define TSIG_TOOLS_DOCUMENT ((size_t)-1)

/*
 * One tool that did not convert, or a problem of the whole text (index
 * TSIG_TOOLS_DOCUMENT: it is not JSON, repeats a key, or is not a list of
 * tools). Its memory belongs to the list (valid until tsig_tools_free).
 *
 * issue says where in the text, as validation does: path ("tools[2]",
 * "[0].x", "tools", "", "[1].sig"), segments, message, a stable code (for
 * a tool: TSIG_ISSUE_SCHEMA or TSIG_ISSUE_TOO_DEEP for its schemas,
 * TSIG_ISSUE_MISSING or TSIG_ISSUE_TYPE for a "name" absent or not a
 * string, which MCP requires, TSIG_ISSUE_SIGNATURE for a signature that
 * does not parse; json_syntax, too_deep, too_large, duplicate_key, type
 * or missing for the text) and the span of the value it is about (a tool:
 * the tool's whole text; a signature: its string).
 *
 * error is the stage's error: its stable tsig_code (TSIG_ERR_SCHEMA or
 * TSIG_ERR_TOO_DEEP for a tool, positioned in the tool's own text; the
 * parse error of a signature, positioned in the signature; TSIG_ERR_JSON,
 * TSIG_ERR_TOO_DEEP or TSIG_ERR_TOO_LARGE for the text, positioned in it;
 * TSIG_ERR_SCHEMA for text that is not a list of tools), message (as
 * issue's, but for a signature: issue's is "signature error at L:C: "
 * and this one) and hint.
 */
typedef struct tsig_tool_failure {
    size_t index;
    const char *name; /* the tool's "name" when it has a string one; NULL otherwise */
    size_t name_len;
    tsig_issue issue;
    tsig_error error;
} tsig_tool_failure;

/*
 * Reads a list of MCP or function-calling tools: an MCP tools/list result
 * {"tools":[...]} or the bare list, each tool converted by
 * tsig_tool_from_json (flags: TSIG_SCHEMA_LOSSY) from its own text, so
 * numbers in schemas keep their digits, and named by its "name", a string
 * (MCP requires one: a tool without is a failure). Every tool is tried.
 *
 * Returns TSIG_OK when the text was judged, with *out a list the caller
 * releases with tsig_tools_free: the tools that converted, in order, and a
 * failure for each one that did not, or the text's own failures (then no
 * tool). Otherwise *out is NULL and *err says why: TSIG_ERR_NOMEM,
 * TSIG_ERR_ARGUMENT (json or out NULL).
 */
tsig_code tsig_tools_from_json(const char *json, size_t len, unsigned flags,
                               tsig_tools **out, tsig_error *err);

/*
 * Reads a list of tools given by their signatures' text, as prompts take
 * them: [{"name": ..., "sig": ..., "description": ...}], each "sig" and
 * "description" a string, null or absent (a tool without a signature is
 * rendered unchecked). Every signature is parsed.
 *
 * Returns TSIG_OK when the text was judged, with *out a list the caller
 * releases with tsig_tools_free: every tool whose signature parsed or
 * that has none, in order (no warnings), and a failure for each signature
 * that does not parse (path "[1].sig", message "signature error at L:C:
 * <the parse error's message>"); or, when the text is not such a list,
 * the failures of the text as validation against that shape gives them,
 * and no tool. Otherwise as tsig_tools_from_json.
 */
tsig_code tsig_tools_from_signatures(const char *json, size_t len, tsig_tools **out,
                                     tsig_error *err);

/* Releases a list and everything its tools and failures point to. NULL is
 * ignored. */
void tsig_tools_free(tsig_tools *tools);

/* The tools that converted; tool i (i < count), owned by the list. */
size_t tsig_tools_count(const tsig_tools *tools);
const tsig_tool *tsig_tools_get(const tsig_tools *tools, size_t i);

/* The failures, in the order of the text; failure i, owned by the list. */
size_t tsig_tools_failure_count(const tsig_tools *tools);
const tsig_tool_failure *tsig_tools_failure(const tsig_tools *tools, size_t i);

/* ========================================================================
 * Section: signatures written from samples
 *
 * The narrowest type a person would write for some sample JSON values
 * (API responses, say), such that every sample validates against it
 * (tsig_validate_json, TSIG_MODE_ENABLED). Samples are given in any
 * number of texts, one after the other; the rules are those of the
 * README's "Writing a signature from real values":
 *   - a field missing from some objects at a place is optional (T?); a
 *     place that held null is T?; only null there is :any (a field only
 *     null or missing, :any?);
 *   - numbers are :int when every one is written without ".", "e", "E",
 *     else :float; strings are :datetime when every one is an RFC 3339
 *     date-time, else :string; true/false are :bool;
 *   - several JSON kinds at one place are a union, members in the order
 *     string, number, bool, map, list, "?" last when null was seen;
 *   - every object at a place merges into one typed map (fields in the
 *     order first seen), every list's elements into one element type
 *     (only empty lists: [:any]; only empty objects: {});
 *   - a map keyed by data is {* T}: when a key at that place is no
 *     identifier, two keys match after "-" -> "_", or there are more than
 *     TSIG_INFER_RECORD_KEYS keys whose values merge into one type that
 *     is no union;
 *   - with enums N (0: none), a string place (not date-times) of 1 to N
 *     distinct values, found in two samples or more, where some value
 *     repeats, is :enum[...].
 * ===================================================================== */

typedef struct tsig_inferrer tsig_inferrer;

/* tsig_infer_add flags */
#define TSIG_INFER_EACH 1u  /* the text is a JSON list: each element is a sample */
#define TSIG_INFER_LINES 2u /* JSON Lines: each line that is not blank is a text
                             * (a sample, or with TSIG_INFER_EACH a list of them) */

/* A place with more keys than this, whose values are of one type, is a
 * record ({* T}) rather than a typed map of that many fields. */
#define TSIG_INFER_RECORD_KEYS 20

/*
 * An inferrer with no sample yet; enums is the most distinct values a
 * string place may have to be written as an enum (0: never). Released by
 * tsig_infer_free; NULL when out of memory.
 */
tsig_inferrer *tsig_infer_new(size_t enums);

/*
 * Adds the samples of json[0..len): the text is one sample, or with flags
 * (TSIG_INFER_EACH, TSIG_INFER_LINES) several. A text is read whole
 * before any of it counts: on failure the inferrer is as it was before
 * the call (except after TSIG_ERR_NOMEM, which it keeps: every later call
 * fails with it). Returns TSIG_OK, or the error with *err filled, its
 * position in json[0..len): TSIG_ERR_JSON (text that is not JSON; with
 * TSIG_INFER_EACH, a text that is not a list), TSIG_ERR_TOO_DEEP (a
 * sample nested deeper than a signature can be:
 * TSIG_SIGNATURE_MAX_DEPTH levels of lists and objects),
 * TSIG_ERR_TOO_LARGE (over TSIG_MAX_INPUT bytes), TSIG_ERR_ARGUMENT
 * (inferrer or json NULL, unknown flags), TSIG_ERR_NOMEM.
 */
tsig_code tsig_infer_add(tsig_inferrer *in, const char *json, size_t len, unsigned flags,
                         tsig_error *err);

/*
 * The signature of the samples added so far, in canonical form (a return
 * type alone: the shorthand of a signature without parameters), which
 * every sample validates against. Returns the NUL-terminated text, freed
 * with tsig_free, or NULL with *err filled: TSIG_ERR_ARGUMENT ("no sample
 * to infer from", or in NULL), TSIG_ERR_NOMEM. The inferrer is unchanged:
 * more samples may be added and the signature asked again.
 */
char *tsig_infer_end(tsig_inferrer *in, tsig_error *err);

/* Releases an inferrer and all it holds. NULL is ignored. */
void tsig_infer_free(tsig_inferrer *in);

/* ========================================================================
 * Section: prompts
 * ===================================================================== */

/* One tool for a prompt, as tsig_render_tools takes them. */
typedef struct tsig_tool_ref {
    const char *name;
    size_t name_len;
    const tsig_signature *sig; /* NULL: "name(...) -> :any" (unchecked) */
    const char *description; /* may be NULL */
    size_t description_len;
} tsig_tool_ref;

/*
 * "name(params) -> T" (firewalled output fields hidden), then each line of
 * the description indented two spaces. Freed with tsig_free; NULL when out
 * of memory, or when tool or tool->sig is NULL.
 */
char *tsig_render_tool(const tsig_tool_ref *tool, size_t *len);

/* Tools in the given order under "## Tools you can call" (SPEC §9); "" for
 * none. As tsig_render_tool. */
char *tsig_render_tools(const tsig_tool_ref *tools, size_t count, size_t *len);
/* The tools of a list (tsig_tools_from_json, tsig_tools_from_signatures)
 * that converted, as tsig_render_tools renders them; "" for none. Freed
 * with tsig_free; NULL when out of memory. */
char *tsig_render_tool_list(const tsig_tools *tools, size_t *len);

/* One bad placeholder: the name as the template spells it, and why. */
typedef struct tsig_placeholder_error {
    const char *placeholder; /* "user.email" */
    const char *message;     /* "{{user.email}}: user has no field email (fields: name)" */
    size_t offset;           /* byte offset of "{{" in the template */
} tsig_placeholder_error;

/* The outcome of tsig_check_placeholders; release with
 * tsig_placeholders_free. */
typedef struct tsig_placeholders {
    int ok;
    const char *const *names; /* every name found, first occurrence order */
    size_t name_count;
    const tsig_placeholder_error *errors; /* template order */
    size_t error_count;
    void *internal_;
} tsig_placeholders;

/* Nesting of {{#sections}} a template may have. */
#define TSIG_TEMPLATE_MAX_DEPTH 64

/*
 * Checks every {{placeholder}} of a prompt template against the parameters
 * (SPEC §8). Always fills *out (when out is not NULL). Returns TSIG_OK when
 * the template was judged (see out->ok), TSIG_ERR_NOMEM, TSIG_ERR_TOO_LARGE
 * or TSIG_ERR_ARGUMENT otherwise.
 */
tsig_code tsig_check_placeholders(const char *tpl, size_t len,
                                  const tsig_signature *sig,
                                  tsig_placeholders *out);

void tsig_placeholders_free(tsig_placeholders *result);

/* Steps (tags visited, every repetition of a section counted) a rendering
 * may take before it stops with TSIG_ERR_TOO_LARGE. */
#define TSIG_TEMPLATE_MAX_STEPS ((size_t)1 << 24)

/*
 * Fills a prompt template with tool arguments (SPEC §8 syntax). The
 * template must pass tsig_check_placeholders; args_json is the arguments
 * object as JSON text, normally the value tsig_validate_input_json
 * accepted.
 *
 *   {{name}}, {{a.b}}   the value: a string as it is, a number as written
 *                       in args_json, true / false, nothing for null or an
 *                       absent key, a list or map as compact JSON
 *   {{#x}}...{{/x}}     once per element of a non-empty list, once inside
 *                       a map, once for any other present, non-null,
 *                       non-false value
 *   {{^x}}...{{/x}}     once when x is absent, null, false or []
 *   {{.}}               the element of the enclosing list
 *   {{! comment }}      nothing
 *
 * Nothing is escaped (prompts are not HTML). Keys starting with "_" (after
 * "-" -> "_") are never rendered, and are left out of compact JSON at every
 * depth (SPEC §7). A section, inverted section, close or comment tag alone
 * on its line takes the whole line with it (Mustache standalone tags).
 *
 * On success returns TSIG_OK and *out holds the text (NUL-terminated,
 * length in *out_len when not NULL; it may hold NUL bytes that the
 * arguments had), freed with tsig_free. Otherwise *out is NULL and *err
 * says why: TSIG_ERR_TEMPLATE (the first placeholder error, positioned in
 * the template), TSIG_ERR_JSON / TSIG_ERR_TOO_DEEP (positioned in
 * args_json), TSIG_ERR_ARGUMENT (a NULL argument, or args_json not an
 * object), TSIG_ERR_TOO_LARGE (an input over TSIG_MAX_INPUT, output over
 * TSIG_TEMPLATE_MAX_OUTPUT bytes, "the rendered prompt is longer than N
 * bytes", or over TSIG_TEMPLATE_MAX_STEPS), TSIG_ERR_NOMEM.
 */
tsig_code tsig_render_template(const char *tpl, size_t tpl_len,
                               const tsig_signature *sig, const char *args_json,
                               size_t args_len, char **out, size_t *out_len,
                               tsig_error *err);

/* Bytes a rendered prompt may have by default: a few sections over the
 * arguments of a model could otherwise write gigabytes. */
#define TSIG_TEMPLATE_MAX_OUTPUT ((size_t)1 << 20)

/*
 * tsig_render_template with the bound on the output's length given:
 * max_len bytes (0: TSIG_TEMPLATE_MAX_OUTPUT; at most TSIG_MAX_INPUT).
 * Every append is checked before memory is taken for it, so a refused
 * prompt never holds more than max_len bytes.
 */
tsig_code tsig_render_template_max(const char *tpl, size_t tpl_len,
                                   const tsig_signature *sig,
                                   const char *args_json, size_t args_len,
                                   size_t max_len, char **out, size_t *out_len,
                                   tsig_error *err);

/* ========================================================================
 * Section: firewall
 * ===================================================================== */

typedef enum tsig_redact_mode {
    TSIG_REDACT_STRIP = 0, /* remove firewalled fields (for a parent agent) */
    TSIG_REDACT_MASK = 1   /* replace them by "<Firewalled>" (for prompts) */
} tsig_redact_mode;

/*
 * The value with every object key starting with "_" (after "-" -> "_")
 * removed or masked, at any depth, whatever the signature says (SPEC §7).
 * On success *out is compact JSON freed with tsig_free; otherwise *out is
 * NULL and *err says why (TSIG_ERR_JSON, TSIG_ERR_TOO_DEEP, TSIG_ERR_NOMEM).
 */
tsig_code tsig_redact(const tsig_signature *sig, const char *json, size_t len,
                      tsig_redact_mode mode, char **out, size_t *out_len,
                      tsig_error *err);

/* ========================================================================
 * Section: streaming
 *
 * JSON text validated as it arrives (SPEC §12.2).
 * ===================================================================== */

typedef enum tsig_stream_state {
    TSIG_STREAM_INCOMPLETE, /* the text so far can still become valid */
    TSIG_STREAM_INVALID,    /* it cannot: tsig_stream_result has the errors */
    TSIG_STREAM_COMPLETE    /* a whole valid value; only whitespace may follow */
} tsig_stream_state;

typedef struct tsig_stream tsig_stream;

/*
 * A stream over the return type (input 0) or the parameters (input 1) with
 * tsig_validate_options (NULL: the defaults; TSIG_REPAIR / TSIG_NO_REPAIR
 * as for the one-shot calls). sig must outlive the stream. NULL when out
 * of memory or sig is NULL.
 */
tsig_stream *tsig_stream_new(const tsig_signature *sig, int input,
                             const tsig_validate_options *opts);
/* Feeds the next chunk (any bytes: a chunk may end inside a character, an
 * escape, a number or a key) and sets *state. Elements of lists are
 * validated as they become whole (one the chunk cuts, with the next
 * chunk; one longer than two chunks is read as it arrives, then
 * validated alone), and not read again when the value is whole; the rest
 * of the value is read as it arrives and once more then. */
tsig_code tsig_stream_push(tsig_stream *s, const char *chunk, size_t len,
                           tsig_stream_state *state);
tsig_stream_state tsig_stream_get_state(const tsig_stream *s);
/* The result so far: NULL while incomplete; owned by the stream, valid
 * until the next call. */
const tsig_result *tsig_stream_result(const tsig_stream *s);
/* The value read so far as JSON text (open strings, lists and maps closed,
 * an unfinished number or literal left out; "null" before any), for
 * showing progress, never for running a tool. Freed with tsig_free. NULL
 * when out of memory, or made with TSIG_CALLER_KEEPS_TEXT. A text that
 * needed repair is read for it here, from where the last call stopped
 * (a push only keeps it: nothing is judged before the end). */
char *tsig_stream_partial(const tsig_stream *s, size_t *len);
/* The same as a cut of the text pushed: its bytes [*from, *to) followed
 * by *close (NUL-terminated, freed with tsig_free); *close NULL when
 * nothing was read yet (the partial value is null). TSIG_OK, or
 * TSIG_ERR_NOMEM, or TSIG_ERR_ARGUMENT (also for a stream repairing: its
 * partial value is the repaired text). */
tsig_code tsig_stream_partial_cut(const tsig_stream *s, size_t *from, size_t *to, char **close);
/* Ends the stream: *out is the one-shot result of the whole text (a text
 * that ended early is a JSON error), freed with tsig_result_free. */
tsig_code tsig_stream_end(tsig_stream *s, tsig_result *out);
void tsig_stream_free(tsig_stream *s);

/* ========================================================================
 * Section: changes between signatures
 *
 * For people who publish tools: whether every value of one type is a
 * value of another (inclusion), and what a change of a signature or of a
 * list of tools breaks (diff). Values are judged as validation judges
 * them (no coercion), in enabled or strict mode.
 * ===================================================================== */

/* What inclusion found. */
typedef enum tsig_incl_verdict {
    TSIG_INCL_YES = 0,     /* every value of A is a value of B: proved */
    TSIG_INCL_NO = 1,      /* witness: a value the validator accepts for A, refuses for B */
    TSIG_INCL_UNKNOWN = 2  /* cannot be proved either way (why says why) */
} tsig_incl_verdict;

/* An answer of tsig_includes; its strings (NUL-terminated, "" when not
 * given) are released by tsig_inclusion_free. */
typedef struct tsig_inclusion {
    tsig_incl_verdict verdict;
    char *path;      /* where A and B part: "", ".items[].id", "[]" ("[]": every element) */
    size_t path_len;
    char *why;       /* no: B's first error on the witness ("id: expected int, got
                        string \"a\""); unknown: the reason */
    size_t why_len;
    char *witness;   /* no: the value, compact JSON */
    size_t witness_len;
} tsig_inclusion;

/* tsig_includes flags */
#define TSIG_INCLUDE_PARAMS 1u /* compare the parameters (the argument objects), not the return types */
#define TSIG_INCLUDE_STRICT 2u /* judge values in strict mode (no undeclared fields), not enabled */
#define TSIG_INCLUDE_A_STRICT 4u /* judge A's values in strict mode whatever B's: what a
                                    tool returns as it declares it, read by a client in
                                    enabled mode */

/*
 * Whether every value valid for a is valid for b (their return types, or
 * with TSIG_INCLUDE_PARAMS their argument objects). Fills *out (released
 * by tsig_inclusion_free) and returns TSIG_OK; TSIG_ERR_NOMEM or
 * TSIG_ERR_ARGUMENT (a, b or out NULL) with *out empty. Bounded work: a
 * pair of types too large to compare is unknown.
 */
tsig_code tsig_includes(const tsig_signature *a, const tsig_signature *b, unsigned flags,
                        tsig_inclusion *out);
void tsig_inclusion_free(tsig_inclusion *r);

/* What a change does to whom. */
typedef enum tsig_change_effect {
    TSIG_CHANGE_COMPATIBLE = 0,      /* no caller or consumer breaks */
    TSIG_CHANGE_BREAKS_CALLERS = 1,  /* arguments valid before are refused now */
    TSIG_CHANGE_BREAKS_CONSUMERS = 2,/* a result now may be one that was invalid before */
    TSIG_CHANGE_MAY_BREAK_CALLERS = 3,   /* cannot be proved either way (why says why) */
    TSIG_CHANGE_MAY_BREAK_CONSUMERS = 4
} tsig_change_effect;

/* One change of a diff; its strings (NUL-terminated) belong to the diff. */
typedef struct tsig_change {
    const char *tool;     /* the tool's name; "" for two signatures */
    size_t tool_len;
    const char *path;     /* a parameter ("limit", "filter.tags[]"), the result
                             ("(returns)", "(returns).items[].id"), "(tool)" or
                             "(description)" */
    size_t path_len;
    const char *old_text; /* the place before, in canonical form ("" when added) */
    size_t old_len;
    const char *new_text; /* after ("" when removed) */
    size_t new_len;
    tsig_change_effect effect;
    const char *why;      /* "the parameter became required", "expected int in 1..100,
                             got int 0", ... */
    size_t why_len;
    const char *example;  /* breaking: a value that shows it (JSON), else "" */
    size_t example_len;
} tsig_change;

/* The changes between two signatures or two lists of tools. */
typedef struct tsig_diff tsig_diff;

/*
 * What changed from old to new: two signatures (their text), or two lists
 * of tools (an MCP tools/list result or a bare list of MCP, OpenAI or
 * Anthropic tools, or [{"name", "sig", "description"}]), tools matched by
 * name. Arguments valid for OLD must stay valid for NEW (judged strictly,
 * no coercion counted on: breaks callers); a value NEW returns, as it
 * declares it, must be valid for OLD read in enabled mode (breaks
 * consumers). Returns TSIG_OK with *out (released by tsig_diff_free), or
 * NULL and *err: its parse, JSON or tool error (TSIG_ERR_SYNTAX,
 * TSIG_ERR_JSON, TSIG_ERR_SCHEMA, ...), the message opening with the side
 * ("old: ", "new: "), and *side (may be NULL) 0 for old, 1 for new (-1 for
 * neither: TSIG_ERR_NOMEM, TSIG_ERR_ARGUMENT).
 */
tsig_code tsig_diff_texts(const char *old_text, size_t old_len, const char *new_text,
                          size_t new_len, tsig_diff **out, tsig_error *err, int *side);
size_t tsig_diff_count(const tsig_diff *d);
const tsig_change *tsig_diff_get(const tsig_diff *d, size_t i);
/* 1 when a change breaks (or may break) callers or consumers. */
int tsig_diff_breaks(const tsig_diff *d);
/* "breaks callers", "compatible", ... */
const char *tsig_change_effect_name(tsig_change_effect effect);
/*
 * The change as one line: "[tool: ]path: old -> new: effect: why", "(none)"
 * for a side that has nothing, and for a tool added or removed "tool:
 * added: effect: why" ("removed")
 * ("search: limit: :int? -> :int: breaks callers: the parameter became
 * required"). NUL-terminated, freed with tsig_free; NULL when out of memory.
 */
char *tsig_change_format(const tsig_change *c, size_t *len);
void tsig_diff_free(tsig_diff *d);

/* ========================================================================
 * Section: JSON boundary
 *
 * "JSON text in, JSON text out", for callers that speak JSON (the
 * WebAssembly build, the command-line tool's --json). Each function calls
 * the functions of the sections above and writes what they returned as
 * one compact JSON document, NUL-terminated, that the caller frees with
 * tsig_free; NULL only when out of memory. A caller in C uses those
 * functions instead: nothing here says more than their C results. Most
 * documents begin with {"ok":true or {"ok":false; the others (info,
 * streams, a list of tools) say what they hold. An error object is
 *   {"code":"TSIG_ERR_SYNTAX","message":"...","line":1,"column":22,
 *    "offset":21,"hint":"..." or null}
 * (line and column 1-based, column and offset in bytes of the input). A
 * validation entry is {"path":"rows[0].id","segments":["rows",0,"id"],
 * "message":"..."}. Values (validated, normalized, redacted) are embedded as
 * the text the stage produced: every digit of every number is kept. A lone
 * surrogate in a string (a key "\ud800" of the input) is written back as
 * its \u escape.
 * ===================================================================== */

/*
 * What a caller that speaks JSON would otherwise copy from this header:
 * {"version":"0.1.0","modes":["enabled","warn_only","disabled","strict"]
 * (index = tsig_mode),"limits":{"max_errors":100,"max_depth":1000,"max_depth_limit":10000,"max_input":...,
 * "signature_max_depth":64,"template_max_depth":64,
 * "template_max_output":...},"report_titles":{"input":"Tool",
 * "output":"Return"},"tools_header":"## Tools you can call\n\n",
 * "issue_codes":["type",...] (index = tsig_issue_code)}. Freed with
 * tsig_free; NULL when out of memory.
 */
char *tsig_api_info(void);

/*
 * The path string (SPEC §4: "rows[0].id", "a[\"b c\"]") of segments given
 * as a JSON list ["rows",0,"id"] (keys as strings, indexes as whole
 * numbers): {"ok":true,"path":"..."} or {"ok":false,"error":{...}}.
 */
char *tsig_api_path(const char *json, size_t len);

/*
 * Parses signature text: {"ok":true,"canonical":"...","returns_list":false,
 * "ast":{...}} or {"ok":false,"error":{...}}. flags are tsig_format's
 * (TSIG_FORMAT_HIDE_FIREWALLED applies to "canonical").
 */
char *tsig_api_check(const char *sig, size_t len, unsigned flags);

/*
 * Validates JSON text against the return type (input 0) or the parameters
 * (input 1, with coercion); opts may be NULL. Returns {"ok":...,"value":...,
 * "errors":[...],"warnings":[...]}: "value" (the value as validated:
 * coerced, keys respelled) only when ok and not switched off with
 * TSIG_VALUE_NEVER; a JSON text error is one root entry that also carries
 * "line", "column" and "offset". A bad argument (no signature, unknown mode)
 * gives {"ok":false,"error":{...}}.
 */
char *tsig_api_validate(const tsig_signature *sig, int input, const char *json,
                        size_t len, const tsig_validate_options *opts);

/*
 * Parses signature text for a caller that keeps the signature (the JS
 * package). Returns the signature (freed with tsig_signature_free) and sets
 * *doc to {"ok":true,"canonical":...,"returns_list":...,"ast":...,
 * "params":[{"name":...,"type":"<canonical>","optional":...}],
 * "returns":"<canonical>"}; or returns NULL and sets *doc to
 * {"ok":false,"error":{...,"text":"<caret picture>"}}. *doc is freed with
 * tsig_free; it is NULL (and so is the result) when out of memory.
 */
tsig_signature *tsig_api_parse(const char *src, size_t len, char **doc);

/*
 * Validation for a caller that already holds the value (the JS package):
 * returns 0 when there is nothing to say (ok, the value unchanged, no
 * warnings) and writes nothing; 1 with *doc set to tsig_api_validate's
 * document (freed with tsig_free); -1 when out of memory. mode, max_errors
 * and max_depth are tsig_validate_options' (0: the defaults). flags may
 * hold TSIG_NUMBERS_ARE_DOUBLES, TSIG_REPAIR, TSIG_NO_REPAIR and
 * TSIG_API_UTF16_INDEXES (any other bit is a bad argument); it comes
 * last so that a caller written before it, passing none, still means 0.
 */
int tsig_api_validate_fast(const tsig_signature *sig, int input,
                           const char *json, size_t len, int mode,
                           size_t max_errors, size_t max_depth, char **doc,
                           unsigned flags);

/*
 * The table by which a caller holding the value (the JS package) tells,
 * without a call, that tsig_api_validate_fast would return 0 for it: of
 * the parameters (input) or the return type, as src/checking/check_table.c
 * lays it out. Freed with tsig_free; NULL when out of memory.
 */
char *tsig_api_check_table(const tsig_signature *sig, int input);

/*
 * The report text (SPEC §4, tsig_report) of a JSON document
 * {"errors":[{"path":...,"message":...}],"warnings":[...]} under title
 * (NULL: "Tool"). Freed with tsig_free; NULL when out of memory or when the
 * document is not of that shape.
 */
char *tsig_api_report(const char *json, size_t len, const char *title,
                      size_t title_len);

/*
 * The document tsig_api_validate returns, for a result the caller already
 * has: json/len is the text that was validated (the value when the result
 * holds no rewritten one); with_value 0 leaves "value" out.
 */
char *tsig_api_result_json(const tsig_result *result, const char *json,
                           size_t len, int with_value);

/* Key normalization: {"ok":true,"value":...} or {"ok":false,"error":{...}}. */
char *tsig_api_normalize(const char *json, size_t len);

/*
 * JSON Schema of the return type (params 0) or of the parameters (params 1):
 * {"ok":true,"schema":{...},"warnings":["#/...: ..."]}. flags:
 * TSIG_SCHEMA_STRICT, with which "warnings" names each place of the schema
 * that OpenAI's strict mode rejects (:any, :map, typed extra fields, string
 * length bounds, an enum with no common type, a root that is not an
 * object): the schema is still the one SPEC §9 gives. Without it,
 * "warnings" is [].
 */
char *tsig_api_schema(const tsig_signature *sig, int params, unsigned flags);

/*
 * JSON Schema to signature: {"ok":true,"canonical":...,"returns_list":...,
 * "ast":...,"warnings":["#/...: ..."]} or {"ok":false,"error":{...}}.
 * flags: TSIG_SCHEMA_LOSSY.
 */
char *tsig_api_from_schema(const char *json, size_t len, unsigned flags);

/*
 * A signature written from samples (tsig_infer_*): the samples of
 * json[0..len) as tsig_infer_add reads them (flags: TSIG_INFER_EACH,
 * TSIG_INFER_LINES), enums as for tsig_infer_new. Returns
 * tsig_api_infer_result's document.
 */
char *tsig_api_infer(const char *json, size_t len, unsigned flags, size_t enums);

/*
 * The document of an inference, from its C results: {"ok":true,
 * "signature":"<canonical>"} when signature (tsig_infer_end's text) is
 * not NULL, else {"ok":false,"error":{...}} of err (tsig_infer_add's or
 * tsig_infer_end's error; NULL is returned for TSIG_ERR_NOMEM), with
 * "source": source first when source is not NULL (the file whose text
 * the error is about, for a caller that read several).
 */
char *tsig_api_infer_result(const char *signature, const tsig_error *err, const char *source);

/*
 * One MCP or function-calling tool {name, description, inputSchema,
 * outputSchema?}: {"ok":true,"name":...,"description":... or null,
 * "signature":"<canonical>","warnings":[...]} or {"ok":false,"error":{...}},
 * the error tsig_tool_from_json's or, for a tool without a string "name"
 * (which MCP requires), TSIG_ERR_SCHEMA "#: expected a string \"name\",
 * found none" / "#/name: expected a string, found <what>".
 */
char *tsig_api_tool_from_json(const char *json, size_t len, unsigned flags);

/*
 * A list of tools: an MCP tools/list result {"tools":[...]} or the bare list.
 * {"ok":...,"tools":[{"name","signature","description","warnings"}, ...],
 * "errors":[...],"prompt":"..."}: "tools" holds every tool that converted,
 * "errors" one validation entry per tool that did not (path "tools[2]" or
 * "[2]", with "name" when the tool has one) or the JSON text error, and
 * "prompt" (only when ok) is tsig_render_tools of them all.
 */
char *tsig_api_tools_from_json(const char *json, size_t len, unsigned flags);
/*
 * tsig_diff_texts as a document: {"ok":true,"breaks":bool,"changes":[
 * {"tool","path","old","new","effect","why","example"?,"line"}]} (example:
 * the JSON value, only for a change that breaks; line:
 * tsig_change_format), or {"ok":false,"side":"old"|"new"|null,"error":{...,
 * "text": the caret picture in that side's text}}.
 */
char *tsig_api_diff(const char *old_text, size_t old_len, const char *new_text, size_t new_len);
/* The {"ok":true,...} document of tsig_api_diff for a diff made (for the
 * command line's --json); NULL when out of memory. */
char *tsig_diff_json(const tsig_diff *d, size_t *len);

/*
 * The tools of a list (tsig_tools_from_json) that converted, as the list
 * "tools" of tsig_api_tools_from_json's document:
 * [{"name":...,"signature":"<canonical>" (null for a tool without one),
 * "description":... or null,"warnings":[...]}, ...]; its length in *len
 * when len is not NULL. Freed with tsig_free; NULL when out of memory.
 */
char *tsig_tools_json(const tsig_tools *tools, size_t *len);

/*
 * Prompt text of a JSON list [{"name":...,"sig":...,"description":...}]
 * (description optional; sig null or absent for a tool without a signature): {"ok":true,"text":"## Tools you can call..."} or
 * {"ok":false,"errors":[...]}, one entry per problem: the list's shape, or a
 * signature that does not parse (path "[1].sig", message "signature error at
 * L:C: ...", with "line", "column", "offset" in the signature and "hint").
 */
char *tsig_api_render_tools(const char *json, size_t len);

/*
 * Template placeholders: {"ok":...,"placeholders":["name",...],
 * "errors":[{"placeholder":...,"message":...,"offset":...}]}.
 */
char *tsig_api_placeholders(const char *tpl, size_t len,
                            const tsig_signature *sig);

/*
 * A prompt template filled with tool arguments (tsig_render_template):
 * {"ok":true,"text":"..."} or {"ok":false,"error":{...}} (a template error
 * is positioned in the template, a JSON error in args).
 */
char *tsig_api_render_template(const char *tpl, size_t tpl_len,
                               const tsig_signature *sig, const char *args,
                               size_t args_len, size_t max_len);

/* Firewalled fields stripped or masked: {"ok":true,"value":...} or
 * {"ok":false,"error":{...}}. */
char *tsig_api_redact(const tsig_signature *sig, const char *json, size_t len,
                      tsig_redact_mode mode);

/* The stream for the JS package: NULL for a bad mode or flags. */
tsig_stream *tsig_api_stream_new(const tsig_signature *sig, int input, int mode,
                                 size_t max_errors, size_t max_depth, unsigned flags);
/* Feeds a chunk: the state (TSIG_STREAM_*), plus TSIG_API_STREAM_CHANGED
 * when the result is not the one of the previous call (read it with a
 * push of nothing); TSIG_API_STREAM_TOO_LARGE when the stream grew over
 * the input limit, TSIG_API_STREAM_NOMEM when out of memory. */
#define TSIG_API_STREAM_CHANGED 4
#define TSIG_API_STREAM_TOO_LARGE -2
#define TSIG_API_STREAM_NOMEM -1
int tsig_api_stream_step(tsig_stream *s, const char *chunk, size_t len);
/* 1 when the partial value is the text given (a whole value, not
 * repaired, only whitespace after it): the caller can read it from there. */
int tsig_api_stream_partial_is_text(const tsig_stream *s);
/* 1 when the stream dropped what it validated (TSIG_CALLER_KEEPS_TEXT,
 * without repair): its partial value is a cut of the caller's text ("cut"
 * below), else the stream's own copy ("partial"). */
int tsig_api_stream_drops_text(const tsig_stream *s);
/* {"state":"incomplete"|"invalid"|"complete"[,"result":{"ok","errors",
 * "warnings"}][,"partial":<JSON>]}; NULL when out of memory. With
 * TSIG_CALLER_KEEPS_TEXT, "cut":[from,to,"close"] (or null) instead of
 * "partial": tsig_stream_partial_cut. */
char *tsig_api_stream_push(tsig_stream *s, const char *chunk, size_t len, int partial);
/* tsig_api_validate's document for the whole text, with "value" only when
 * validation changed it (the caller has the text as given); NULL when out
 * of memory. With TSIG_CALLER_KEEPS_TEXT, a changed value is not written:
 * "changed":true then says so. */
char *tsig_api_stream_end(tsig_stream *s);

/*
 * Reading a document of this section from C, without a JSON library, for
 * a program handed one as text (a caller of the library has the C
 * results instead: the command-line tool reads no document): a value is
 * named by the byte offset where it starts in doc[0..len) (0: the
 * document itself), TSIG_DOC_NONE by none. Each call reads only the value
 * at `at`, up to what it looks for; text that is not JSON gives
 * TSIG_DOC_NONE (or NULL, or 0), never a read outside doc[0..len).
 * Nothing is kept between calls.
 */
#define TSIG_DOC_NONE ((size_t)-1)

/* The value of member key (a C string) of the object at doc[at]. */
size_t tsig_doc_member(const char *doc, size_t len, size_t at, const char *key);
/* The first element of the list at doc[at]. */
size_t tsig_doc_first(const char *doc, size_t len, size_t at);
/* The element after the one at doc[at], within the same list. */
size_t tsig_doc_next(const char *doc, size_t len, size_t at);
/* The string at doc[at], decoded: a NUL-terminated copy (it may hold NUL
 * bytes: its length in *out_len when not NULL) the caller frees with
 * tsig_free; NULL when the value is not a string, or out of memory. */
char *tsig_doc_string(const char *doc, size_t len, size_t at, size_t *out_len);
/* The whole number (digits only) at doc[at], as a size_t (the largest one
 * when it is larger); 0 when the value is no such number. */
size_t tsig_doc_size(const char *doc, size_t len, size_t at);

#ifdef __cplusplus
}
#endif

#endif /* TOOLSIG_H */
