/*
 * prompt.c: tools rendered as text for an LLM prompt (SPEC §9).
 *
 *   ## Tools you can call
 *
 *   search(query :string, limit :int) -> [{id :int, title :string}]
 *     Search for items matching query.
 *
 *   get_user(id :int) -> {name :string, email :string?}
 *     Fetch user by ID. Email may be null.
 *
 * A tool is "name(params) -> T": the name as the caller gives it, every
 * parameter in canonical form and in full, with its default and
 * description (a caller must be able to pass firewalled parameters, and
 * a model needs the descriptions to pass good ones), and the return type with its firewalled fields
 * hidden (SPEC §7: a model reading the prompt never learns they exist).
 * The signature itself is printed by tsig_format_type, so a tool reads
 * exactly like the canonical form of its signature.
 */
#include "internal.h"

#include <string.h>

/* Appends the canonical form of one type; 0 when out of memory. */
static int put_type(tsig_strbuf *sb, const tsig_type *type, unsigned flags)
{
    size_t len = 0;
    char *text = tsig_format_type(type, flags, &len);
    if (!text) {
        sb->failed = 1;
        return 0;
    }
    tsig_sb_append(sb, text, len);
    tsig_free(text);
    return !sb->failed;
}

/* Appends one parameter as the canonical form writes it (SPEC §11.5):
 * "name T = default \"description\"", the parts it has, in full. */
static int put_param(tsig_strbuf *sb, const tsig_field *p)
{
    tsig_sb_append(sb, p->name, p->name_len);
    tsig_sb_putc(sb, ' ');
    if (!put_type(sb, p->type, 0)) return 0;
    if (p->default_json) {
        tsig_sb_append(sb, " = ", 3);
        tsig_sb_append(sb, p->default_json, p->default_len);
    }
    if (p->description) {
        tsig_sb_putc(sb, ' ');
        tsig_json_escape(sb, p->description, p->description_len);
    }
    return !sb->failed;
}

/* 1 iff c is a space or a tab (what is trimmed from the end of a line). */
static int is_blank_char(char c)
{
    return c == ' ' || c == '\t';
}

/*
 * Appends the description under the tool line, every line indented two
 * spaces. The description is prose from a tool author, often pasted from
 * a docstring or a JSON "description", so its line structure is tidied
 * rather than copied byte for byte:
 *
 *   - "\r\n", "\n" and a lone "\r" all end a line (so Windows text renders
 *     like Unix text, and no "\r" reaches the prompt);
 *   - trailing spaces and tabs of each line are removed (no line of the
 *     output ends in whitespace; leading indentation is kept);
 *   - blank lines (empty, or only spaces and tabs) at the start and at the
 *     end are dropped; inside, a run of blank lines becomes one empty line,
 *     written without indentation, which keeps a paragraph break visible
 *     while the two-space indent of the next line still ties it to the
 *     tool. (The empty line between tools in a list can therefore also
 *     appear inside a description; the unindented tool line that follows
 *     a tool separator is what starts a tool.)
 *
 * A description that is empty or only blank lines is none: nothing is
 * written, not even the newline.
 */
static void put_description(tsig_strbuf *sb, const char *text, size_t len)
{
    size_t pos = 0;
    int wrote_line = 0;     /* a non-blank line was written already */
    int pending_blank = 0;  /* blank lines seen since the last written line */
    while (pos < len) {
        size_t end = pos;
        while (end < len && text[end] != '\n' && text[end] != '\r') end++;
        size_t next = end;
        if (next < len) {
            next += (text[next] == '\r' && next + 1 < len && text[next + 1] == '\n') ? 2 : 1;
        }
        size_t stop = end;
        while (stop > pos && is_blank_char(text[stop - 1])) stop--;
        if (stop == pos) {
            pending_blank = 1;
        } else {
            if (pending_blank && wrote_line) tsig_sb_putc(sb, '\n');
            tsig_sb_append(sb, "\n  ", 3);
            tsig_sb_append(sb, text + pos, stop - pos);
            wrote_line = 1;
            pending_blank = 0;
        }
        pos = next;
    }
}

/*
 * Appends one tool: "name(p1 T1, p2 T2) -> T" and its description.
 * Returns 0 when out of memory (sb->failed is then set).
 */
static int put_tool(tsig_strbuf *sb, const tsig_tool_ref *tool)
{
    const tsig_signature *sig = tool->sig;
    if (tool->name_len) tsig_sb_append(sb, tool->name, tool->name_len);
    if (!sig) {
        /* No signature: nothing is known of the arguments or the result. */
        tsig_sb_puts(sb, "(...) -> :any");
        if (tool->description && tool->description_len)
            put_description(sb, tool->description, tool->description_len);
        return !sb->failed;
    }
    tsig_sb_putc(sb, '(');
    for (size_t i = 0; i < sig->param_count; i++) {
        const tsig_field *p = &sig->params[i];
        if (i) tsig_sb_append(sb, ", ", 2);
        if (!put_param(sb, p)) return 0;
    }
    tsig_sb_append(sb, ") -> ", 5);
    if (!put_type(sb, sig->returns, TSIG_FORMAT_HIDE_FIREWALLED)) return 0;
    if (tool->description && tool->description_len)
        put_description(sb, tool->description, tool->description_len);
    return !sb->failed;
}

/* 1 iff the tool can be rendered: a name pointer whenever the name is not
 * empty (a tool without a signature renders as "name(...) -> :any"). */
static int tool_is_usable(const tsig_tool_ref *tool)
{
    return tool && (tool->name || tool->name_len == 0);
}

char *tsig_render_tool(const tsig_tool_ref *tool, size_t *len)
{
    if (len) *len = 0;
    if (!tool_is_usable(tool)) return NULL;
    tsig_strbuf sb = {0};
    if (!put_tool(&sb, tool)) {
        tsig_sb_release(&sb);
        return NULL;
    }
    return tsig_sb_finish(&sb, len);
}

char *tsig_render_tool_list(const tsig_tools *tools, size_t *len)
{
    if (len) *len = 0;
    size_t count = tsig_tools_count(tools);
    tsig_strbuf sb = {0};
    if (count) tsig_sb_puts(&sb, TSIG_TOOLS_HEADER);
    for (size_t i = 0; i < count; i++) {
        const tsig_tool *t = tsig_tools_get(tools, i);
        tsig_tool_ref ref = {t->name, t->name_len, t->sig, t->description, t->description_len};
        if (i) tsig_sb_puts(&sb, "\n\n");
        if (!put_tool(&sb, &ref)) {
            tsig_sb_release(&sb);
            return NULL;
        }
    }
    return tsig_sb_finish(&sb, len);
}

char *tsig_render_tools(const tsig_tool_ref *tools, size_t count, size_t *len)
{
    if (len) *len = 0;
    if (count && !tools) return NULL;
    for (size_t i = 0; i < count; i++) {
        if (!tool_is_usable(&tools[i])) return NULL;
    }
    tsig_strbuf sb = {0};
    if (count) tsig_sb_puts(&sb, TSIG_TOOLS_HEADER);
    for (size_t i = 0; i < count; i++) {
        if (i) tsig_sb_puts(&sb, "\n\n");
        if (!put_tool(&sb, &tools[i])) {
            tsig_sb_release(&sb);
            return NULL;
        }
    }
    return tsig_sb_finish(&sb, len);
}
