/*
 * hash.c: the one hash table of the core, for every lookup keyed by text
 * that comes from outside (JSON keys, field and property names, names of
 * templates, record fields found by a data key).
 *
 * Why its cost cannot be steered. Keys are hashed with SipHash-1-3 under a
 * 128-bit key, so colliding keys cannot be computed without it. The key is
 * the process's (tsig_hash_seed: the JS package passes 16 bytes of
 * crypto.getRandomValues when it instantiates the module, the native tool
 * 16 bytes of getrandom), copied into each table when it is begun, so a
 * table never sees two keys. It is the one mutable global of the core, and
 * it is written only by tsig_hash_seed, before the library is used. A
 * known key (a fixed seed, an unseeded process, or one that leaked) must
 * not make a quadratic input either: a table whose probe sequence gets
 * longer than PROBE_MAX turns itself, for the rest of its life, into a
 * balanced search tree (an AA tree) ordered by the keys' bytes, where every
 * lookup costs O(log n) comparisons whatever the hashes are. Ordinary
 * input never gets there: at most half full, linear probing needs a run of
 * 2-3 slots on average, and one of PROBE_MAX is out of reach of chance.
 *
 * A table stores entry numbers, never keys: key_of(ctx, entry) gives an
 * entry's bytes, so each caller keeps its keys where they already are.
 * Tables only grow (a set of names, a frame of keys): there is no removal.
 */
#include "internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The process's key (see above). Its default is fixed: a process that
 * never calls tsig_hash_seed gets the ordered fallback's bound, not the
 * key's protection. */
static uint64_t hash_key[2] = {UINT64_C(0x0706050403020100), UINT64_C(0x0f0e0d0c0b0a0908)};

/* A run this long in the open-addressing table turns it into a tree. */
#define PROBE_MAX 40

/* Built with TSIG_COUNT_WORK (tests/c/test_hash.c only): each step of a
 * lookup (a call, a slot probed, a tree node visited) is counted, so the
 * test bounds the work crafted keys cause, not the time it takes. */
#ifdef TSIG_COUNT_WORK
#define WORK() tsig_count_work()
#else
#define WORK() ((void)0)
#endif

void tsig_hash_seed(const unsigned char seed[16])
{
    uint64_t k[2] = {0, 0};
    for (int i = 0; i < 16; i++) k[i / 8] |= (uint64_t)seed[i] << (8 * (i % 8));
    hash_key[0] = k[0];
    hash_key[1] = k[1];
}

/* ---- SipHash-1-3 -------------------------------------------------------- */

static uint64_t rotl(uint64_t x, int b)
{
    return (x << b) | (x >> (64 - b));
}

#define SIP_ROUND(v0, v1, v2, v3)                                              \
    do {                                                                       \
        v0 += v1; v1 = rotl(v1, 13); v1 ^= v0; v0 = rotl(v0, 32);              \
        v2 += v3; v3 = rotl(v3, 16); v3 ^= v2;                                 \
        v0 += v3; v3 = rotl(v3, 21); v3 ^= v0;                                 \
        v2 += v1; v1 = rotl(v1, 17); v1 ^= v2; v2 = rotl(v2, 32);              \
    } while (0)

/* The little-endian word at p (one load where the machine is
 * little-endian: x86, ARM, WebAssembly). */
static uint64_t load_le(const unsigned char *p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t m;
    memcpy(&m, p, 8);
    return m;
#else
    uint64_t m = 0;
    for (int b = 0; b < 8; b++) m |= (uint64_t)p[b] << (8 * b);
    return m;
#endif
}

uint64_t tsig_hash_bytes(const uint64_t key[2], const char *s, size_t len,
                         int norm)
{
    const unsigned char *p = (const unsigned char *)s;
    uint64_t v0 = key[0] ^ UINT64_C(0x736f6d6570736575);
    uint64_t v1 = key[1] ^ UINT64_C(0x646f72616e646f6d);
    uint64_t v2 = key[0] ^ UINT64_C(0x6c7967656e657261);
    uint64_t v3 = key[1] ^ UINT64_C(0x7465646279746573);
    size_t whole = len & ~(size_t)7;
    for (size_t i = 0; i < whole; i += 8) {
        uint64_t m = load_le(p + i);
        if (norm) m = tsig_norm_word(m);
        v3 ^= m;
        SIP_ROUND(v0, v1, v2, v3);
        v0 ^= m;
    }
    uint64_t m = 0;
    for (size_t i = whole; i < len; i++) m |= (uint64_t)p[i] << (8 * (i - whole));
    if (norm) m = tsig_norm_word(m); /* the zero bytes above len stay zero */
    m |= (uint64_t)len << 56;
    v3 ^= m;
    SIP_ROUND(v0, v1, v2, v3);
    v0 ^= m;
    v2 ^= 0xff;
    SIP_ROUND(v0, v1, v2, v3);
    SIP_ROUND(v0, v1, v2, v3);
    SIP_ROUND(v0, v1, v2, v3);
    return v0 ^ v1 ^ v2 ^ v3;
}

/* ---- the table ------------------------------------------------------------ */

struct tsig_table_slot {
    size_t hash;
    size_t entry; /* entry + 1; 0: empty */
};

/* A node of the ordered form: an entry, its key's hash, its children
 * (node + 1; 0: none) and its AA level. */
struct tsig_table_node {
    size_t entry;
    size_t hash;
    size_t left, right;
    size_t level;
};

void tsig_table_init(tsig_table *t, int norm, tsig_arena *arena,
                     tsig_table_key_of key_of, const void *ctx)
{
    memset(t, 0, sizeof *t);
    t->key[0] = hash_key[0];
    t->key[1] = hash_key[1];
    t->norm = norm;
    t->arena = arena;
    t->key_of = key_of;
    t->ctx = ctx;
}

uint64_t tsig_hash_keyed(const char *s, size_t len, int norm)
{
    return tsig_hash_bytes(hash_key, s, len, norm);
}

size_t tsig_table_hash(const tsig_table *t, const char *s, size_t len)
{
    return (size_t)tsig_hash_bytes(t->key, s, len, t->norm);
}

/* n zeroed objects of size bytes, from the table's arena or malloc. */
static void *table_alloc(tsig_table *t, size_t n, size_t size)
{
    if (n > (size_t)-1 / size) return NULL;
    if (t->arena) return tsig_arena_alloc(t->arena, n * size);
    return calloc(n, size);
}

static void table_free(tsig_table *t, void *p)
{
    if (!t->arena) free(p);
}

/* Order of two keys: bytes compared unsigned ('-' read as '_' when norm),
 * then the shorter first. */
static int compare(const tsig_table *t, const char *a, size_t alen,
                   const char *b, size_t blen)
{
    size_t n = alen < blen ? alen : blen;
    for (size_t i = 0; i < n; i++) {
        unsigned char x = (unsigned char)a[i], y = (unsigned char)b[i];
        if (t->norm) {
            x = (unsigned char)tsig_norm_char((char)x);
            y = (unsigned char)tsig_norm_char((char)y);
        }
        if (x != y) return x < y ? -1 : 1;
    }
    return alen == blen ? 0 : alen < blen ? -1 : 1;
}

static int equal(const tsig_table *t, size_t entry, const char *key, size_t len)
{
    size_t elen;
    const char *e = t->key_of(t->ctx, entry, &elen);
    if (elen != len) return 0;
    if (!t->norm) return memcmp(e, key, len) == 0;
    return compare(t, e, elen, key, len) == 0;
}

/* ---- the ordered form: an AA tree over nodes (indexes + 1) ----------------
 *
 * Ordered by hash, then by the keys' bytes: crafted keys share the low bits
 * of their hashes (a table's slot), not all of them, so most comparisons
 * are of two numbers; equal hashes still compare the bytes, which keeps
 * O(log n) comparisons for any keys at all. */

/* Order of the key (hash, key[0..len)) and node n's. */
static int node_compare(const tsig_table *t, size_t hash, const char *key, size_t len,
                        const tsig_table_node *n)
{
    if (hash != n->hash) return hash < n->hash ? -1 : 1;
    size_t elen;
    const char *e = t->key_of(t->ctx, n->entry, &elen);
    return compare(t, key, len, e, elen);
}

#define NODE(t, i) (&(t)->nodes[(i) - 1])

static size_t skew(tsig_table *t, size_t n)
{
    size_t l = NODE(t, n)->left;
    if (l && NODE(t, l)->level == NODE(t, n)->level) {
        NODE(t, n)->left = NODE(t, l)->right;
        NODE(t, l)->right = n;
        return l;
    }
    return n;
}

static size_t split(tsig_table *t, size_t n)
{
    size_t r = NODE(t, n)->right;
    if (r && NODE(t, r)->right && NODE(t, NODE(t, r)->right)->level == NODE(t, n)->level) {
        NODE(t, n)->right = NODE(t, r)->left;
        NODE(t, r)->left = n;
        NODE(t, r)->level++;
        return r;
    }
    return n;
}

/* Deepest an AA tree of n < 2^64 nodes gets (2 log2(n + 1)). */
#define TREE_DEPTH_MAX 130

/*
 * Finds (hash, key[0..len)) in the tree; when absent and entry is not
 * TSIG_TABLE_NONE, adds a node for it. One descent: the path is kept, and
 * the new node is balanced on the way back up (skew, then split, at each
 * level). Returns the entry found, TSIG_TABLE_NONE (absent; added or not),
 * or TSIG_TABLE_NOMEM.
 */
static size_t tree_lookup(tsig_table *t, size_t hash, const char *key, size_t len,
                          size_t entry)
{
    size_t path[TREE_DEPTH_MAX];
    int side[TREE_DEPTH_MAX]; /* -1: went left, 1: went right */
    size_t depth = 0, n = t->root;
    while (n) {
        WORK();
        int c = node_compare(t, hash, key, len, NODE(t, n));
        if (c == 0) return NODE(t, n)->entry;
        path[depth] = n;
        side[depth++] = c;
        n = c < 0 ? NODE(t, n)->left : NODE(t, n)->right;
    }
    if (entry == TSIG_TABLE_NONE) return TSIG_TABLE_NONE;
    if (t->count == t->node_cap) {
        size_t cap = t->node_cap * 2;
        tsig_table_node *nodes = table_alloc(t, cap, sizeof *nodes);
        if (!nodes) return TSIG_TABLE_NOMEM;
        memcpy(nodes, t->nodes, t->count * sizeof *nodes);
        table_free(t, t->nodes);
        t->nodes = nodes;
        t->node_cap = cap;
    }
    size_t sub = ++t->count;
    tsig_table_node *node = NODE(t, sub);
    node->entry = entry;
    node->hash = hash;
    node->left = node->right = 0;
    node->level = 1;
    /* Back up: hang the rebalanced subtree where it was, then balance. */
    while (depth--) {
        size_t parent = path[depth];
        if (side[depth] < 0)
            NODE(t, parent)->left = sub;
        else
            NODE(t, parent)->right = sub;
        sub = split(t, skew(t, parent));
    }
    t->root = sub;
    return TSIG_TABLE_NONE;
}

/* Moves every entry of the slots into a tree. 0 when out of memory (the
 * table is then as it was). */
static int to_tree(tsig_table *t)
{
    size_t cap = t->count < 32 ? 64 : t->count * 2;
    tsig_table_node *nodes = table_alloc(t, cap, sizeof *nodes);
    if (!nodes) return 0;
    tsig_table_slot *slots = t->slots;
    size_t slot_cap = t->cap;
    t->nodes = nodes;
    t->node_cap = cap;
    t->count = 0;
    t->root = 0;
    for (size_t i = 0; i < slot_cap; i++) {
        if (!slots[i].entry) continue;
        size_t entry = slots[i].entry - 1, len;
        const char *key = t->key_of(t->ctx, entry, &len);
        tree_lookup(t, slots[i].hash, key, len, entry); /* room was made for all */
    }
    table_free(t, slots);
    t->slots = NULL;
    t->cap = 0;
    return 1;
}

/* ---- the open-addressing form -------------------------------------------- */

/* Doubles the slots (64 at first). 0 when out of memory. */
static int slots_grow(tsig_table *t)
{
    size_t cap = t->cap ? t->cap * 2 : 64;
    tsig_table_slot *slots = table_alloc(t, cap, sizeof *slots);
    if (!slots) return 0;
    for (size_t i = 0; i < t->cap; i++) {
        if (!t->slots[i].entry) continue;
        size_t at = t->slots[i].hash & (cap - 1);
        while (slots[at].entry) at = (at + 1) & (cap - 1);
        slots[at] = t->slots[i];
    }
    table_free(t, t->slots);
    t->slots = slots;
    t->cap = cap;
    return 1;
}

/*
 * Looks key[0..len) (its hash from tsig_table_hash) up; when absent and
 * entry is not TSIG_TABLE_NONE, adds entry for it. Returns the entry of the
 * equal key, TSIG_TABLE_NONE when there was none (added or not), or
 * TSIG_TABLE_NOMEM.
 */
static size_t lookup(tsig_table *t, const char *key, size_t len, size_t hash,
                     size_t entry)
{
    WORK();
    if (!t->nodes) {
        if (!t->cap) {
            if (entry == TSIG_TABLE_NONE) return TSIG_TABLE_NONE;
            if (!slots_grow(t)) return TSIG_TABLE_NOMEM;
        }
        size_t mask = t->cap - 1, at = hash & mask, probes = 0;
        for (; t->slots[at].entry; at = (at + 1) & mask) {
            WORK();
            const tsig_table_slot *s = &t->slots[at];
            if (s->hash == hash && equal(t, s->entry - 1, key, len)) return s->entry - 1;
            if (++probes > PROBE_MAX) break;
        }
        if (probes <= PROBE_MAX) {
            if (entry == TSIG_TABLE_NONE) return TSIG_TABLE_NONE;
            /* Kept at most half full, so every run ends. */
            if ((t->count + 1) * 2 <= t->cap) {
                t->slots[at].hash = hash;
                t->slots[at].entry = entry + 1;
                t->count++;
                return TSIG_TABLE_NONE;
            }
            if (!slots_grow(t)) return TSIG_TABLE_NOMEM;
            return lookup(t, key, len, hash, entry);
        }
        /* A run too long for chance: keys chosen to collide. */
        if (!to_tree(t)) return TSIG_TABLE_NOMEM;
    }
    return tree_lookup(t, hash, key, len, entry);
}

size_t tsig_table_find(tsig_table *t, const char *key, size_t len, size_t hash)
{
    return lookup(t, key, len, hash, TSIG_TABLE_NONE);
}

size_t tsig_table_add(tsig_table *t, const char *key, size_t len, size_t hash,
                      size_t entry)
{
    return lookup(t, key, len, hash, entry);
}

int tsig_table_ordered(const tsig_table *t)
{
    return t->nodes != NULL;
}

void tsig_table_release(tsig_table *t)
{
    table_free(t, t->slots);
    table_free(t, t->nodes);
    t->slots = NULL;
    t->nodes = NULL;
    t->cap = t->count = t->node_cap = 0;
    t->root = 0;
}
