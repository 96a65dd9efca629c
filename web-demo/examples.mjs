// examples.mjs: the examples menu of the playground. The signatures come
// from the signature documents toolsig implements (overview, examples,
// validation behaviour, common mistakes, prompt rendering); each comes with
// data that fits it (or shows the point it makes), and, where it helps, a
// tool name, a description, a prompt template and the validation mode.
//
// Fields: id (stable, used by the tests), group and title (the menu), sig,
// target ('input': tool arguments, validateInputJSON with coercion;
// 'output': a tool result, validateJSON), data (JSON text, or what a model
// wrote), mode, repair ('on', 'off', or '' for the target's default), name,
// desc, tpl.
//
// The "LLM output" group is what models write around and inside their
// JSON, each read with repair on as the README's table "Reading what models
// write" says, and one text that stays refused.

const json = (value) => JSON.stringify(value, null, 2);

export const EXAMPLES = [
  {
    id: 'overview',
    group: 'Signatures',
    title: 'Overview: search with inputs',
    sig: '(query :string, limit :int) -> {count :int, items [{id :int}]}',
    target: 'input',
    data: json({ query: 'llm agents', limit: '10' }),
    name: 'search',
    desc: 'Search the index and return matching item ids.',
    tpl: 'Find the top {{limit}} results for "{{query}}".',
  },
  {
    id: 'simple-output',
    group: 'Signatures',
    title: 'Simple output',
    sig: '{answer :int}',
    target: 'output',
    data: json({ answer: 42 }),
    name: 'answer',
    desc: 'The final answer.',
    tpl: '',
  },
  {
    id: 'multiple-fields',
    group: 'Signatures',
    title: 'Multiple fields',
    sig: '{name :string, price :float, in_stock :bool}',
    target: 'output',
    data: json({ name: 'Widget', price: 99.99, in_stock: true }),
    name: 'get_product',
    desc: 'Look up one product.',
    tpl: '',
  },
  {
    id: 'list-output',
    group: 'Signatures',
    title: 'List output',
    sig: '[{id :int, title :string}]',
    target: 'output',
    data: json([{ id: 1, title: 'First' }, { id: 2, title: 'Second' }]),
    name: 'list_items',
    desc: 'All items, newest first.',
    tpl: '',
  },
  {
    id: 'with-inputs',
    group: 'Signatures',
    title: 'With inputs',
    sig: '(user_id :int) -> {name :string, orders [:map]}',
    target: 'input',
    data: json({ user_id: 123 }),
    name: 'get_user_orders',
    desc: 'A user and their orders.',
    tpl: 'Summarize the orders of user {{user_id}}.',
  },
  {
    id: 'nested',
    group: 'Signatures',
    title: 'Complex nested',
    sig: '(query :string, options {limit :int?, sort :string?}) ->\n  {results [{id :int, score :float, metadata :map}], total :int}',
    target: 'output',
    data: json({
      results: [
        { id: 7, score: 0.93, metadata: { source: 'web' } },
        { id: 12, score: 0.71, metadata: {} },
      ],
      total: 2,
    }),
    name: 'search',
    desc: 'Ranked search with options.\nResults carry free-form metadata.',
    tpl: 'Search for {{query}} (at most {{options.limit}} results, sorted by {{options.sort}}).',
  },
  {
    id: 'named-params',
    group: 'Signatures',
    title: 'Named parameters and a template',
    sig: '(user {id :int, name :string}, limit :int) -> [{order_id :int}]',
    target: 'input',
    data: json({ user: { id: 1, name: 'Alice' }, limit: 5 }),
    name: 'recent_orders',
    desc: 'The most recent orders of a user.',
    tpl: 'Hello {{user.name}}, here are your last {{limit}} orders.\n{{user.email}}',
  },
  {
    id: 'firewalled',
    group: 'Firewalled fields',
    title: 'Firewalled data',
    sig: '{summary :string, _raw_data [:map]}',
    target: 'output',
    data: json({ summary: '3 new emails from the team', _raw_data: [{ id: 101, from: 'ana' }, { id: 102, from: 'bo' }] }),
    name: 'email_digest',
    desc: 'Summarizes the inbox; the raw messages stay with the program.',
    tpl: '',
  },
  {
    id: 'firewalled-ids',
    group: 'Firewalled fields',
    title: 'Firewalled ids with inputs',
    sig: '(folder :string) -> {summary :string, count :int, _email_ids [:int]}',
    target: 'output',
    data: json({ summary: 'Two invoices are overdue.', count: 2, _email_ids: [5541, 5547] }),
    name: 'scan_folder',
    desc: 'Scans a mail folder.',
    tpl: 'Scan the {{folder}} folder.',
  },
  {
    id: 'input-coercion',
    group: 'Validation',
    title: 'Input coercion ("42" to 42)',
    sig: '(id :int, name :string) -> :bool',
    target: 'input',
    data: json({ id: '42', name: 'Alice' }),
    name: 'check',
    desc: 'Checks a user.',
    tpl: 'Check user {{id}} ({{name}}).',
  },
  {
    id: 'output-validation',
    group: 'Validation',
    title: 'Output validation',
    sig: '() -> {count :int, items [:string]}',
    target: 'output',
    data: json({ count: 5, items: ['a', 'b'] }),
    name: 'collect',
    desc: '',
    tpl: '',
  },
  {
    id: 'error-report',
    group: 'Validation',
    title: 'Errors fed back to the LLM',
    sig: '(limit :int) -> {results [{customer {id :int}, amount :float}]}',
    target: 'output',
    data: [
      '{',
      '  "results": [',
      '    {"customer": {"id": "abc"}, "amount": 12.5},',
      '    {"customer": {"id": 2}, "amount": 3},',
      '    {"customer": {"id": 3}, "amount": null}',
      '  ]',
      '}',
    ].join('\n'),
    name: 'invoices',
    desc: 'Open invoices.',
    tpl: '',
  },
  {
    id: 'nested-coercion',
    group: 'Validation',
    title: 'Coercion in nested structures',
    sig: '(rows [{id :int, name :string}]) -> :any',
    target: 'input',
    data: json({ rows: [{ id: '42', name: 'Alice' }, { id: 7.0, name: 'Bob' }] }),
    name: 'import_rows',
    desc: '',
    tpl: '',
  },
  {
    id: 'strict-mode',
    group: 'Validation',
    title: 'Strict mode rejects extra fields',
    sig: '{id :int, email :string?}',
    target: 'output',
    mode: 'strict',
    data: json({ id: 1, email: null, nickname: 'al' }),
    name: 'get_user',
    desc: 'Fetch user by ID. Email may be null.',
    tpl: '',
  },
  {
    id: 'kebab-keys',
    group: 'Validation',
    title: 'kebab-case keys match snake_case fields',
    sig: '(user_id :int) -> {order_count :int, is_active :bool}',
    target: 'output',
    data: json({ 'order-count': 5, 'is-active': true }),
    name: 'user_stats',
    desc: '',
    tpl: 'Stats of {{user-id}}.',
  },
  {
    id: 'keyword-datetime',
    group: 'Validation',
    title: 'Keywords and date-times',
    sig: '{status :keyword, updated_at :datetime, note :string?}',
    target: 'output',
    data: json({ status: 'pending', updated_at: '2026-05-03T09:14:00Z' }),
    name: 'ticket_status',
    desc: '',
    tpl: '',
  },
  {
    id: 'llm-text',
    group: 'LLM output',
    title: 'Repaired: a fence, prose, quotes, a trailing comma',
    sig: '(query :string, limit :int, sort :enum[relevance date]?) -> {count :int, items [{id :int}]}',
    target: 'input',
    data: "Sure, here are the arguments:\n```json\n{\n  'query': 'llm agents',\n  limit: 10,  // a small page\n  \"sort\": \"date\",\n}\n```",
    name: 'search',
    desc: 'Search the index. Press Stream to see the arguments judged as they arrive.',
    tpl: '',
  },
  {
    id: 'llm-stream-error',
    group: 'LLM output',
    title: 'A streamed result that is wrong early',
    sig: '{count :int, items [{id :int, title :string}]}',
    target: 'output',
    data: json({ count: 3, items: [{ id: 1, title: 'First' }, { id: '2', title: 'Second' }, { id: 3, title: 'Third' }] }),
    name: 'list_items',
    desc: 'Press Stream: the result is invalid at the id written as a string, before the rest arrives.',
    tpl: '',
  },
  {
    id: 'llm-enum-text',
    group: 'LLM output',
    title: 'TWO: the whole text as an enum value',
    sig: ':enum[ONE TWO]',
    target: 'output',
    repair: 'on',
    data: 'TWO',
    name: 'pick',
    desc: 'Answers ONE or TWO.',
    tpl: '',
  },
  {
    id: 'llm-string-text',
    group: 'LLM output',
    title: 'hello: the whole text as a string',
    sig: ':string',
    target: 'output',
    repair: 'on',
    data: 'hello',
    name: 'greet',
    desc: 'A greeting.',
    tpl: '',
  },
  {
    id: 'llm-triple-quoted',
    group: 'LLM output',
    title: 'A triple-quoted string',
    sig: '{code :string}',
    target: 'output',
    repair: 'on',
    data: '{"code": """def f():\n    return 1"""}',
    name: 'write_code',
    desc: 'Writes a function.',
    tpl: '',
  },
  {
    id: 'llm-backtick',
    group: 'LLM output',
    title: 'A backtick-quoted string',
    sig: '{cmd :string}',
    target: 'output',
    repair: 'on',
    data: '{"cmd": `ls -la`}',
    name: 'suggest_command',
    desc: 'A shell command to run.',
    tpl: '',
  },
  {
    id: 'llm-fence-after-prose',
    group: 'LLM output',
    title: 'Prose with {braces}, then a code fence',
    sig: '{id :string}',
    target: 'output',
    repair: 'on',
    data: "Here is {player_name}'s data:\n```json\n{\"id\": \"a\"}\n```",
    name: 'find_player',
    desc: 'The id of a player.',
    tpl: '',
  },
  {
    id: 'llm-bare-words',
    group: 'LLM output',
    title: 'Bare keys and a bare string value',
    sig: '{key :string, n :int}',
    target: 'output',
    repair: 'on',
    data: '{key: value with space, n: 2}',
    name: 'lookup',
    desc: '',
    tpl: '',
  },
  {
    id: 'llm-inner-quote',
    group: 'LLM output',
    title: 'A quote inside a string (a 24" screen)',
    sig: '{title :string}',
    target: 'output',
    repair: 'on',
    data: '{"title": "The TV has a 24" screen"}',
    name: 'product_title',
    desc: '',
    tpl: '',
  },
  {
    id: 'llm-example-then-answer',
    group: 'LLM output',
    title: 'An example, then the answer (arguments)',
    sig: '(q :string, limit :int) -> [{id :int}]',
    target: 'input',
    repair: 'on',
    data: 'Example: {"q": "x"}\nAnswer: {"q": "cats", "limit": 3}',
    name: 'search',
    desc: 'Search the index.',
    tpl: 'Search for {{q}}, at most {{limit}} results.',
  },
  {
    id: 'llm-ambiguous',
    group: 'LLM output',
    title: 'Two answers that both fit: refused',
    sig: '{a :int}',
    target: 'output',
    repair: 'on',
    data: '{"a": 1} or {"a": 2}',
    name: 'answer',
    desc: 'Which value is meant is the model\'s to say: toolsig never picks one.',
    tpl: '',
  },
  {
    id: 'mistake-list',
    group: 'Common mistakes',
    title: '(items :list) -> :bool',
    sig: '(items :list) -> :bool',
    target: 'input',
    data: json({ items: ['a', 'b'] }),
    name: 'has_items',
    desc: '',
    tpl: '',
  },
  {
    id: 'mistake-array',
    group: 'Common mistakes',
    title: '(tags :array) -> :int',
    sig: '(tags :array) -> :int',
    target: 'input',
    data: json({ tags: ['x', 'y'] }),
    name: 'count_tags',
    desc: '',
    tpl: '',
  },
  {
    id: 'mistake-tuple',
    group: 'Common mistakes',
    title: '(point :tuple) -> :float',
    sig: '(point :tuple) -> :float',
    target: 'input',
    data: json({ point: { x: 1.5, y: 2 } }),
    name: 'distance',
    desc: '',
    tpl: '',
  },
  {
    id: 'mistake-object',
    group: 'Common mistakes',
    title: '(user :object) -> :bool',
    sig: '(user :object) -> :bool',
    target: 'input',
    data: json({ user: { id: 1 } }),
    name: 'is_admin',
    desc: '',
    tpl: '',
  },
  {
    id: 'mistake-integer',
    group: 'Common mistakes',
    title: '(a :integer) -> :int',
    sig: '(a :integer) -> :int',
    target: 'input',
    data: json({ a: 1 }),
    name: 'double',
    desc: '',
    tpl: '',
  },
  {
    id: 'mistake-null',
    group: 'Common mistakes',
    title: '(email :null) -> :bool',
    sig: '(email :null) -> :bool',
    target: 'input',
    data: json({ email: null }),
    name: 'send',
    desc: '',
    tpl: '',
  },
  {
    id: 'mistake-empty-list',
    group: 'Common mistakes',
    title: '[] (list of what?)',
    sig: '[]',
    target: 'output',
    data: json([1, 2]),
    name: 'values',
    desc: '',
    tpl: '',
  },
  {
    id: 'mistake-colon-field',
    group: 'Common mistakes',
    title: '{:id :int} (colon before a name)',
    sig: '{:id :int, :name :string}',
    target: 'output',
    data: json({ id: 1, name: 'Alice' }),
    name: 'get_user',
    desc: '',
    tpl: '',
  },
  {
    id: 'mistake-arrow',
    group: 'Common mistakes',
    title: '(q :string) => :int (wrong arrow)',
    sig: '(q :string) => :int',
    target: 'input',
    data: json({ q: 'cats' }),
    name: 'count',
    desc: '',
    tpl: '',
  },
  {
    id: 'prompt-search',
    group: 'Prompts',
    title: 'Rendering for prompts: search',
    sig: '(query :string, limit :int) -> [{id :int, title :string, _score :float}]',
    target: 'input',
    data: json({ query: 'wasm', limit: 3 }),
    name: 'search',
    desc: 'Search for items matching query.',
    tpl: 'Use search with {{query}}, at most {{limit}} results.\n{{#query}}{{.}}{{/query}}',
  },
  {
    id: 'prompt-sections',
    group: 'Prompts',
    title: 'Template sections over a list',
    sig: '(user {name :string, email :string?}, items [{title :string, qty :int}]) -> :string',
    target: 'input',
    data: json({ user: { name: 'Alice' }, items: [{ title: 'Pen', qty: 2 }, { title: 'Ink', qty: '1' }] }),
    name: 'order_mail',
    desc: 'Writes an order confirmation.',
    tpl: 'Dear {{user.name}},\n{{#items}}- {{qty}} x {{title}}\n{{/items}}{{^items}}Nothing ordered.{{/items}}\n{{user.phone}}',
  },
  {
    id: 'mcp-search-issues',
    group: 'MCP tools',
    title: 'Issue tracker: enums, a discriminated union, defaults',
    sig: '(query :string "Free-text search over titles and bodies",'
      + ' state :enum[open closed all] "Which issues to include",'
      + ' labels [:string][..10]? "Only issues carrying every one of these labels",'
      + ' filter {kind :enum[assignee], login :string}|{kind :enum[milestone], title :string}?'
      + ' "Narrow to one assignee or one milestone",'
      + ' sort :enum[created updated comments]?,'
      + ' limit :int[1..100] = 30 "Page size")'
      + ' -> {total :int, issues [{number :int, title :string, state :enum[open closed],'
      + ' labels [:string], url :string}], _cursor :string?}',
    target: 'input',
    data: json({
      query: 'crash on save',
      state: 'Open',
      labels: ['bug'],
      filter: { kind: 'assignee', login: 'octocat' },
      limit: '20',
    }),
    name: 'search_issues',
    desc: 'Search the issues of the current repository.\nResults are newest first unless sort is given.',
    tpl: 'Search {{state}} issues for "{{query}}"{{#filter}} ({{kind}}: {{login}}{{title}}){{/filter}},'
      + ' {{limit}} per page.',
  },
];

export function exampleById(id) {
  return EXAMPLES.find((e) => e.id === id) ?? null;
}

/** The state the page starts with (the overview example). */
export const DEFAULT_EXAMPLE = 'overview';

// ---- the Import view -------------------------------------------------------------

// A tool in the shape of a published issue tracker's, before and after a
// release: the Compare view's first example, and the Import view's MCP
// list (the "before" one).
const searchIssues = {
  name: 'search_issues',
  description: 'Search issues in a repository.',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'Search terms' },
      state: { type: 'string', enum: ['open', 'closed', 'all'], default: 'open' },
      limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    },
    required: ['query'],
  },
  outputSchema: {
    type: 'object',
    properties: {
      total: { type: 'integer' },
      items: {
        type: 'array',
        items: {
          type: 'object',
          properties: { number: { type: 'integer' }, title: { type: 'string' } },
          required: ['number', 'title'],
        },
      },
    },
    required: ['total', 'items'],
  },
};

const searchIssuesAfter = {
  ...searchIssues,
  description: 'Search issues in one repository, newest first.',
  inputSchema: {
    type: 'object',
    properties: {
      repo: { type: 'string', description: 'owner/name' },
      query: { type: 'string', description: 'Search terms' },
      state: { type: 'string', enum: ['open', 'closed'], default: 'open' },
      limit: { type: 'integer', minimum: 1, maximum: 50, default: 20 },
    },
    required: ['repo', 'query'],
  },
  outputSchema: { ...searchIssues.outputSchema, required: ['items'] },
};

// The parameters of a weather tool, as OpenAI and Anthropic are sent them.
const weatherParams = {
  type: 'object',
  properties: {
    city: { type: 'string', description: 'City name, e.g. Oslo' },
    unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
    days: { type: 'integer', minimum: 1, maximum: 7 },
  },
  required: ['city'],
  additionalProperties: false,
};

// What the Import view offers to paste, one of each shape the core reads.
// Fields: id, title (the menu), text. The MCP list holds a tool with a
// pattern, which a signature cannot say: an error, or with lossy a warning.
export const IMPORT_EXAMPLES = [
  {
    id: 'mcp',
    title: 'MCP tools/list result',
    text: json({
      tools: [
        searchIssues,
        {
          name: 'create_issue',
          description: 'Open an issue.',
          inputSchema: {
            type: 'object',
            properties: {
              repo: { type: 'string', pattern: '^[\\w.-]+/[\\w.-]+$', description: 'owner/name' },
              title: { type: 'string', minLength: 1, maxLength: 256 },
              labels: { type: 'array', items: { type: 'string' }, maxItems: 10 },
            },
            required: ['repo', 'title'],
          },
        },
      ],
    }),
  },
  {
    id: 'openai',
    title: 'OpenAI tools array',
    text: json([{
      type: 'function',
      function: { name: 'get_weather', description: 'The forecast for a city.', parameters: weatherParams },
    }]),
  },
  {
    id: 'anthropic',
    title: 'Anthropic tools array',
    text: json([{ name: 'get_weather', description: 'The forecast for a city.', input_schema: weatherParams }]),
  },
  {
    id: 'schema',
    title: 'JSON Schema (structured output)',
    text: json({
      type: 'object',
      properties: {
        answer: { type: 'string' },
        confidence: { type: 'number', minimum: 0, maximum: 1 },
        sources: { type: 'array', items: { type: 'object', properties: { url: { type: 'string' }, quote: { type: 'string' } }, required: ['url'] } },
      },
      required: ['answer', 'confidence'],
    }),
  },
];

// ---- the Compare view ------------------------------------------------------------

// What the Compare view offers: two sides each. The first shows four kinds
// of change to one MCP tool (a new required parameter, an enum value
// removed, a maximum lowered, an output field made optional) and a new
// description; the second, two signatures.
export const COMPARE_EXAMPLES = [
  {
    id: 'mcp-release',
    title: 'MCP tool: a release that breaks',
    before: json({ tools: [searchIssues] }),
    after: json({ tools: [searchIssuesAfter] }),
  },
  {
    id: 'signatures',
    title: 'Two signatures',
    before: '(query :string, limit :int[1..100] = 10) -> {count :int, items [{id :int, title :string}]}',
    after: '(query :string, limit :int[1..50] = 10, lang :string?) -> {count :int, items [{id :int, title :string?}]}',
  },
];

export const importExampleById = (id) => IMPORT_EXAMPLES.find((e) => e.id === id) ?? null;
export const compareExampleById = (id) => COMPARE_EXAMPLES.find((e) => e.id === id) ?? null;

// ---- the Infer view --------------------------------------------------------------

// Three issues as a GitHub-style API returns them, as in the README's
// "Writing a signature from real values": assignee null or an object,
// closed_at null or a date-time, locked in one only.
const issues = [
  {
    number: 12, title: 'Crash on start', state: 'open', user: { login: 'ada' },
    labels: [{ name: 'bug', color: 'd73a4a' }], assignee: null, closed_at: null, comments: 3,
  },
  {
    number: 11, title: 'Typo in the docs', state: 'closed', user: { login: 'lin' },
    labels: [], assignee: { login: 'ada' }, closed_at: '2026-02-01T09:30:00Z', comments: 0,
  },
  {
    number: 10, title: 'Faster search', state: 'open', user: { login: 'sam' },
    labels: [{ name: 'perf' }], comments: 1, locked: true,
  },
];

// The README's forecasts, a list of them.
const forecasts = [
  { city: 'Oslo', temp: 3.5, wind: { speed: 12, gust: 20 }, updated: '2026-03-01T12:00:00Z' },
  { city: 'Bergen', temp: -1, wind: { speed: 8, gust: null }, updated: '2026-03-01T12:05:00Z', alert: 'ice' },
  { city: 'Oslo', temp: 2, wind: { speed: 10 }, updated: '2026-03-02T12:00:00Z' },
];

// What the Infer view offers: samples (text), how the text holds them
// (split, an id of infer-view.mjs's SAMPLE_SPLITS) and the enums option
// (the number field's text). The first fills the view at the start.
export const INFER_EXAMPLES = [
  {
    id: 'issues',
    title: 'GitHub issues (JSON Lines)',
    text: issues.map((issue) => JSON.stringify(issue)).join('\n'),
    split: 'lines',
    enums: '0',
  },
  {
    id: 'forecasts',
    title: 'Forecasts (a JSON list)',
    text: json(forecasts),
    split: 'list',
    enums: '2',
  },
];

export const inferExampleById = (id) => INFER_EXAMPLES.find((e) => e.id === id) ?? null;
