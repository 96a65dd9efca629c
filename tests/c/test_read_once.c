/*
 * test_read_once.c: a JSON Schema, a tool and a list of tools are each read
 * once (SPEC §9), and the problems found while converting them are
 * positioned from that one reading.
 *
 * This test is built with its own json.c compiled with TSIG_COUNT_READS
 * (CMakeLists.txt), which tells tsig_count_read below of every JSON reader
 * started: the passes over the text under test are the readers started on
 * any part of it.
 */
#include "harness.h"
#include "internal.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The text under test, and the readers started over it since watch(). */
static struct {
    const char *text;
    size_t len;
    size_t readers; /* readers started on any byte of it */
    size_t whole;   /* those that started at its first byte and saw it all */
} seen;

void tsig_count_read(const char *src, size_t len)
{
    if (!seen.text || !src) return;
    uintptr_t a = (uintptr_t)src, b = a + len;
    uintptr_t lo = (uintptr_t)seen.text, hi = lo + seen.len;
    if (a >= hi || b <= lo) return; /* another text (a default, a message) */
    seen.readers++;
    seen.whole += a == lo && len == seen.len;
}

/* Counts the readers started over text[0..len) from now on. */
static void watch(const char *text, size_t len)
{
    seen.text = text;
    seen.len = len;
    seen.readers = 0;
    seen.whole = 0;
}

/* Stops counting (the counts stay). */
static void unwatch(void)
{
    seen.text = NULL;
}

/* Six tools, each on lines of its own: tools[3] has a property schema of
 * an unknown type, tools[5] a property whose schema is a number; the
 * others convert (with a default checked, a $ref inlined, a description,
 * an unsupported keyword widened with lossy). */
static const char TOOLS[] =
    "{\"tools\": [\n"
    "  {\"name\": \"t0\", \"description\": \"first\",\n"
    "   \"inputSchema\": {\"type\": \"object\", \"properties\": {\n"
    "     \"n\": {\"type\": \"integer\", \"default\": 5, \"description\": \"a count\"}}}},\n"
    "  {\"name\": \"t1\", \"inputSchema\": {\"$defs\": {\"s\": {\"type\": \"string\"}},\n"
    "   \"type\": \"object\", \"properties\": {\"q\": {\"$ref\": \"#/$defs/s\"}},\n"
    "   \"required\": [\"q\"]}},\n"
    "  {\"name\": \"t2\", \"outputSchema\": {\"type\": \"array\", \"items\": {\"type\": \"number\"}}},\n"
    "  {\"name\": \"t3\",\n"
    "   \"inputSchema\": {\"type\": \"object\",\n"
    "     \"properties\": {\n"
    "       \"x\": {\"type\": \"foo\"}}}},\n"
    "  {\"name\": \"t4\", \"inputSchema\": {\"type\": \"object\", \"properties\": {\n"
    "     \"p\": {\"type\": \"string\", \"pattern\": \"^a\"}}}},\n"
    "  {\"name\": \"t5\",\n"
    "   \"inputSchema\": {\"properties\": {\"x\": 5}}}\n"
    "]}\n";

TEST(a_list_of_tools_is_read_once)
{
    size_t len = strlen(TOOLS);
    for (unsigned flags = 0; flags <= TSIG_SCHEMA_LOSSY; flags += TSIG_SCHEMA_LOSSY) {
        tsig_tools *tools;
        tsig_error err;
        watch(TOOLS, len);
        CHECK_INT(tsig_tools_from_json(TOOLS, len, flags, &tools, &err), TSIG_OK);
        unwatch();
        CHECK_INT(seen.readers, 1);
        CHECK_INT(seen.whole, 1);
        /* every tool was converted or failed: the one reading was all */
        CHECK_INT(tsig_tools_count(tools) + tsig_tools_failure_count(tools), 6);
        CHECK_INT(tsig_tools_failure_count(tools), flags ? 0 : 3);
        tsig_tools_free(tools);
    }
}

TEST(a_list_that_is_no_json_is_read_again_only_to_say_why)
{
    static const char bad[] = "{\"tools\": [{\"name\": \"a\"},]}";
    tsig_tools *tools;
    tsig_error err;
    watch(bad, strlen(bad));
    CHECK_INT(tsig_tools_from_json(bad, strlen(bad), 0, &tools, &err), TSIG_OK);
    unwatch();
    CHECK_INT(seen.readers, 2); /* the tree stops; the validator words it */
    CHECK_INT(tsig_tools_failure_count(tools), 1);
    CHECK_INT(tsig_tools_failure(tools, 0)->issue.code, TSIG_ISSUE_JSON_SYNTAX);
    CHECK_INT(tsig_tools_failure(tools, 0)->issue.offset, strlen(bad) - 2);
    tsig_tools_free(tools);
}

/* Checks that failure f of the list TOOLS is tool index at its own text,
 * with err at the first needle after the tool starts, on line and column
 * of the tool's own text. */
static void check_failure_at(int line, const tsig_tool_failure *f, size_t index,
                             const char *path, const char *message, const char *needle,
                             size_t want_line, size_t want_column)
{
    if (!f) {
        tsig_test_fail(__FILE__, line, "no failure for tool %zu", index);
        return;
    }
    char start_text[32];
    snprintf(start_text, sizeof start_text, "{\"name\": \"t%zu\"", index);
    const char *start = strstr(TOOLS, start_text);
    const char *end = strstr(start, index == 5 ? "}}}\n" : "}}}},\n");
    size_t end_at = (size_t)(end - TOOLS) + (index == 5 ? 3 : 4);
    size_t start_at = (size_t)(start - TOOLS);
    if (f->index != index)
        tsig_test_fail(__FILE__, line, "failure of tool %zu, want %zu", f->index, index);
    tsig_test_check_str(__FILE__, line, "path", f->issue.path, path);
    tsig_test_check_str(__FILE__, line, "message", f->error.message, message);
    size_t want_offset = (size_t)(strstr(start, needle) - start);
    if (f->issue.offset != start_at || f->issue.length != end_at - start_at)
        tsig_test_fail(__FILE__, line, "tool span [%zu, +%zu), want [%zu, +%zu)", f->issue.offset,
                       f->issue.length, start_at, end_at - start_at);
    if (f->error.offset != want_offset || f->error.line != want_line ||
        f->error.column != want_column)
        tsig_test_fail(__FILE__, line, "error at %zu (%zu:%zu), want %zu (%zu:%zu)",
                       f->error.offset, f->error.line, f->error.column, want_offset, want_line,
                       want_column);
}

TEST(problems_in_a_tool_of_a_list_are_positioned_in_its_own_text)
{
    tsig_tools *tools;
    tsig_error err;
    CHECK_INT(tsig_tools_from_json(TOOLS, strlen(TOOLS), 0, &tools, &err), TSIG_OK);
    CHECK_INT(tsig_tools_failure_count(tools), 3);
    /* tools[3].inputSchema.properties.x.type: the "type" key inside x */
    check_failure_at(__LINE__, tsig_tools_failure(tools, 0), 3, "tools[3]",
                     "#/inputSchema/properties/x/type: unknown type \"foo\"",
                     "\"type\": \"foo\"", 4, 14);
    /* tools[4]: the "pattern" key */
    check_failure_at(__LINE__, tsig_tools_failure(tools, 1), 4, "tools[4]",
                     "#/inputSchema/properties/p/pattern: unsupported pattern", "\"pattern\"",
                     2, 30);
    /* tools[5].inputSchema.properties.x: the key "x" itself */
    check_failure_at(__LINE__, tsig_tools_failure(tools, 2), 5, "tools[5]",
                     "#/inputSchema/properties/x: expected a schema object, found a number",
                     "\"x\"", 2, 35);
    CHECK_STR(tsig_tools_failure(tools, 2)->name, "t5");
    tsig_tools_free(tools);
}

TEST(one_tool_is_read_once)
{
    static const char tool[] =
        "{\"name\": \"t\", \"inputSchema\": {\"type\": \"object\", \"properties\": {\n"
        "  \"a\": {\"type\": \"integer\", \"default\": 1}, \"b\": {\"type\": \"foo\"}}}}";
    watch(tool, strlen(tool));
    char *doc = tsig_api_tool_from_json(tool, strlen(tool), 0);
    unwatch();
    CHECK_INT(seen.readers, 1);
    char want[64];
    snprintf(want, sizeof want, "\"line\":2,\"column\":49,\"offset\":%zu,",
             (size_t)(strstr(tool, "\"type\": \"foo\"") - tool));
    CHECK(doc && strstr(doc, want) != NULL);
    tsig_free(doc);
}

TEST(a_schema_is_read_once_even_when_it_fails)
{
    static const char schema[] =
        "{\"type\": \"object\", \"properties\": {\"a\": {\"type\": \"string\", \"default\": \"x\"},\n"
        " \"b\": {\"type\": \"integer\", \"multipleOf\": 2}}}";
    tsig_error err;
    tsig_messages warnings;
    for (unsigned flags = 0; flags <= TSIG_SCHEMA_LOSSY; flags += TSIG_SCHEMA_LOSSY) {
        watch(schema, strlen(schema));
        tsig_signature *sig = tsig_from_json_schema(schema, strlen(schema), flags, &warnings, &err);
        unwatch();
        CHECK_INT(seen.readers, 1);
        CHECK((sig != NULL) == (flags != 0));
        if (!sig) {
            CHECK_STR(err.message, "#/properties/b/multipleOf: unsupported multipleOf");
            CHECK_INT(err.offset, (size_t)(strstr(schema, "\"multipleOf\"") - schema));
        }
        tsig_signature_free(sig);
        tsig_messages_free(&warnings);
    }
}

int main(void)
{
    RUN(a_list_of_tools_is_read_once);
    RUN(a_list_that_is_no_json_is_read_again_only_to_say_why);
    RUN(problems_in_a_tool_of_a_list_are_positioned_in_its_own_text);
    RUN(one_tool_is_read_once);
    RUN(a_schema_is_read_once_even_when_it_fails);
    return tsig_test_summary();
}
