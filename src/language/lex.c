/*
 * lex.c: the tokens of the signature language (SPEC §1).
 *
 *   ( ) [ ] { } , ? ->      punctuation
 *   :word                   a type name (word = letters, digits, "_", "-")
 *   ident                   a parameter or field name (ASCII only)
 *
 * Both are runs of an identifier's characters, as names.c says them.
 *
 * Whitespace is " ", "\t", "\n" and "\r"; it separates tokens and is
 * recorded (space_before) because "?" must follow its type directly. The
 * lexer never fails: a byte that starts no token becomes TSIG_TOK_INVALID
 * (one UTF-8 sequence, or one byte when the UTF-8 is invalid), and the parser
 * reports it with what it expected there.
 */
#include "internal.h"

static int is_space(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Length of the run of identifier characters at src[pos..len): a name,
 * or the word of a type (names.c). */
static size_t word_run(const char *src, size_t len, size_t pos)
{
    return tsig_ident_run(src, len, pos) - pos;
}

/*
 * Returns the token at lx->pos after skipping whitespace, and moves past it.
 * A ":" takes the whole word after it (":int32" is one token, so an unknown
 * type is reported whole, at its colon); "-" and "=" are arrows only when
 * ">" follows at once ("- >" is two invalid tokens). A '"' is only marked:
 * the parser reads JSON strings (descriptions, enum values) with json.c.
 */
tsig_token tsig_lex_next(tsig_lexer *lx)
{
    const char *src = lx->src;
    size_t len = lx->len;
    size_t start = lx->pos;
    while (lx->pos < len && is_space((unsigned char)src[lx->pos])) lx->pos++;

    tsig_token tok;
    tok.offset = lx->pos;
    tok.len = 0;
    tok.space_before = lx->pos > start;
    if (lx->pos >= len) {
        tok.kind = TSIG_TOK_END;
        return tok;
    }

    unsigned char c = (unsigned char)src[lx->pos];
    size_t rest = len - lx->pos;
    tok.len = 1;
    switch (c) {
    case '(': tok.kind = TSIG_TOK_LPAREN; break;
    case ')': tok.kind = TSIG_TOK_RPAREN; break;
    case '[': tok.kind = TSIG_TOK_LBRACKET; break;
    case ']': tok.kind = TSIG_TOK_RBRACKET; break;
    case '{': tok.kind = TSIG_TOK_LBRACE; break;
    case '}': tok.kind = TSIG_TOK_RBRACE; break;
    case ',': tok.kind = TSIG_TOK_COMMA; break;
    case '?': tok.kind = TSIG_TOK_QUESTION; break;
    case '|': tok.kind = TSIG_TOK_PIPE; break;
    case '*': tok.kind = TSIG_TOK_STAR; break;
    case '"': tok.kind = TSIG_TOK_STRING; break; /* parse.c reads the string */
    case '-':
    case '=':
        if (rest >= 2 && src[lx->pos + 1] == '>') {
            tok.kind = c == '-' ? TSIG_TOK_ARROW : TSIG_TOK_FAT_ARROW;
            tok.len = 2;
        } else {
            tok.kind = c == '=' ? TSIG_TOK_EQUALS : TSIG_TOK_INVALID;
        }
        break;
    case ':': {
        size_t word = word_run(src, len, lx->pos + 1);
        tok.kind = word ? TSIG_TOK_TYPE : TSIG_TOK_COLON;
        tok.len = 1 + word;
        break;
    }
    default:
        if (tsig_ident_start((char)c)) {
            tok.kind = TSIG_TOK_IDENT;
            tok.len = word_run(src, len, lx->pos);
        } else {
            size_t n = tsig_utf8_seq((const unsigned char *)src + lx->pos, rest);
            tok.kind = TSIG_TOK_INVALID;
            tok.len = n ? n : 1;
        }
        break;
    }
    lx->pos += tok.len;
    return tok;
}
