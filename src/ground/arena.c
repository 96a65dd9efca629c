/*
 * arena.c: one bump allocator per signature, released in one call.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

struct tsig_arena_block {
    tsig_arena_block *next;
    size_t used;
    size_t cap;
    /* payload follows, aligned to max_align_t */
};

#define ARENA_ALIGN (sizeof(long double) > sizeof(void *) ? sizeof(long double) : sizeof(void *))
#define ARENA_HEADER ((sizeof(tsig_arena_block) + ARENA_ALIGN - 1) / ARENA_ALIGN * ARENA_ALIGN)
#define ARENA_BLOCK 4096u

/* Allocates a new head block with room for at least size bytes. */
static tsig_arena_block *arena_grow(tsig_arena *arena, size_t size)
{
    size_t cap = size > ARENA_BLOCK ? size : ARENA_BLOCK;
    if (cap > (size_t)-1 - ARENA_HEADER) return NULL;
    tsig_arena_block *b = malloc(ARENA_HEADER + cap);
    if (!b) return NULL;
    b->next = arena->head;
    b->used = 0;
    b->cap = cap;
    arena->head = b;
    return b;
}

void *tsig_arena_alloc(tsig_arena *arena, size_t size)
{
    if (size > (size_t)-1 - ARENA_ALIGN) return NULL;
    size = (size + ARENA_ALIGN - 1) / ARENA_ALIGN * ARENA_ALIGN;
    if (size == 0) size = ARENA_ALIGN;
    tsig_arena_block *b = arena->head;
    if (!b || b->cap - b->used < size) {
        b = arena_grow(arena, size);
        if (!b) return NULL;
    }
    char *p = (char *)b + ARENA_HEADER + b->used;
    b->used += size;
    memset(p, 0, size);
    return p;
}

char *tsig_arena_strndup(tsig_arena *arena, const char *s, size_t len)
{
    if (len == (size_t)-1) return NULL;
    char *p = tsig_arena_alloc(arena, len + 1);
    if (!p) return NULL;
    if (len) memcpy(p, s, len);
    p[len] = '\0';
    return p;
}

void tsig_arena_release(tsig_arena *arena)
{
    tsig_arena_block *b = arena->head;
    while (b) {
        tsig_arena_block *next = b->next;
        free(b);
        b = next;
    }
    arena->head = NULL;
}
