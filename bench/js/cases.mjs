// cases.mjs: the two benchmark payloads, the toolsig signatures for them,
// and the equivalent schema in each peer library.
//
// The schemas mean the same thing as the signatures (SPEC 3-4): extra keys
// are allowed and kept (Zod and Valibot loose objects), an int is a whole
// number, a float any number, a datetime an RFC 3339 string with an offset,
// `T?` a field that may be absent or null. The peer modules are passed in
// rather than imported here, so cold-start.mjs can time their import.

/** The ~10 KB payload: {count, items[100]}, values varying with the index. */
export const ITEMS_SIG = '{count :int, items [{id :int, title :string, score :float, tags [:string]}]}';
export const ITEMS_INPUT_SIG = '(count :int, items [{id :int, title :string, score :float, tags [:string]}]) -> :any';

export function itemsPayload(n = 100, { wholeScores = false } = {}) {
  const items = [];
  for (let i = 0; i < n; i++) {
    items.push({
      id: i + 1,
      title: `Item number ${i} about widgets`,
      score: (i % 10) + (wholeScores ? 1 : 0.5), // whole: ints where :float is declared
      tags: ['alpha', `beta${i}`, 'gamma'],
    });
  }
  return { count: n, items };
}

/** The ~150-byte payload: the arguments of a search tool call. */
export const TOOL_SIG = '(query :string, limit :int, filters {lang :string, since :datetime?}, tags [:string]) -> :any';
export const TOOL_OUT_SIG = '{query :string, limit :int, filters {lang :string, since :datetime?}, tags [:string]}';

export function toolPayload() {
  return {
    query: 'webassembly json validation benchmarks',
    limit: 10,
    filters: { lang: 'en', since: '2026-01-15T09:30:00Z' },
    tags: ['wasm', 'json-schema', 'validation', 'performance'],
  };
}

// ---- Ajv (JSON Schema draft 2020-12 subset; ajv-formats for date-time) ----

export const itemsJsonSchema = {
  type: 'object',
  required: ['count', 'items'],
  properties: {
    count: { type: 'integer' },
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'title', 'score', 'tags'],
        properties: {
          id: { type: 'integer' },
          title: { type: 'string' },
          score: { type: 'number' },
          tags: { type: 'array', items: { type: 'string' } },
        },
      },
    },
  },
};

export const toolJsonSchema = {
  type: 'object',
  required: ['query', 'limit', 'filters', 'tags'],
  properties: {
    query: { type: 'string' },
    limit: { type: 'integer' },
    filters: {
      type: 'object',
      required: ['lang'],
      properties: {
        lang: { type: 'string' },
        since: { type: ['string', 'null'], format: 'date-time' },
      },
    },
    tags: { type: 'array', items: { type: 'string' } },
  },
};

/**
 * Each peer's schema for a payload ('items' or 'tool'), built from the
 * peer's module(s): make.ajv(which, Ajv, addFormats), make.zod(which, z),
 * make.valibot(which, v), make.arktype(which, type).
 */
export const make = {
  ajv(which, Ajv, addFormats) {
    // allErrors: toolsig also reports every error.
    const ajv = new Ajv({ allErrors: true });
    addFormats(ajv, ['date-time']);
    return ajv.compile(which === 'items' ? itemsJsonSchema : toolJsonSchema);
  },

  zod(which, z) {
    if (which === 'items') {
      return z.looseObject({
        count: z.int(),
        items: z.array(z.looseObject({
          id: z.int(),
          title: z.string(),
          score: z.number(),
          tags: z.array(z.string()),
        })),
      });
    }
    return z.looseObject({
      query: z.string(),
      limit: z.int(),
      filters: z.looseObject({
        lang: z.string(),
        since: z.iso.datetime({ offset: true }).nullish(),
      }),
      tags: z.array(z.string()),
    });
  },

  valibot(which, v) {
    const int = v.pipe(v.number(), v.integer());
    if (which === 'items') {
      return v.looseObject({
        count: int,
        items: v.array(v.looseObject({
          id: int,
          title: v.string(),
          score: v.number(),
          tags: v.array(v.string()),
        })),
      });
    }
    return v.looseObject({
      query: v.string(),
      limit: int,
      filters: v.looseObject({
        lang: v.string(),
        since: v.nullish(v.pipe(v.string(), v.isoTimestamp())),
      }),
      tags: v.array(v.string()),
    });
  },

  // ArkType allows extra keys by default.
  arktype(which, type) {
    if (which === 'items') {
      return type({
        count: 'number.integer',
        items: type({
          id: 'number.integer',
          title: 'string',
          score: 'number',
          tags: 'string[]',
        }).array(),
      });
    }
    return type({
      query: 'string',
      limit: 'number.integer',
      filters: { lang: 'string', 'since?': 'string.date.iso | null' },
      tags: 'string[]',
    });
  },
};
