// Real-world-shaped MCP tools (fixtures/mcp-tools.json: a file system, an
// issue tracker, pages under a discriminated parent, web search, a SQL
// database) import exactly, render for a prompt with their descriptions,
// come back to the same signature through their exported schema, and
// validate the calls a model makes.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importTool, renderTools } from 'toolsig';
import { repoRoot } from './support/env.mjs';

const { tools } = JSON.parse(readFileSync(join(repoRoot, 'tests', 'js', 'fixtures', 'mcp-tools.json'), 'utf8'));

// What each tool imports to: every enum, bound, default, description,
// union and record of its schema is in the signature.
const EXPECTED = {
  read_file: '(path :string "Path of the file to read", head :int[>=1]? "If provided, returns only the first N lines of the file", tail :int[>=1]? "If provided, returns only the last N lines of the file", encoding :enum[utf-8 base64] = "utf-8" "How the bytes are returned") -> :any',
};

function imported(name) {
  const tool = tools.find((t) => t.name === name);
  return importTool(tool);
}

describe('MCP tools import exactly', () => {
  for (const tool of tools) {
    test(tool.name, () => {
      const t = importTool(tool);
      try {
        assert.deepEqual(t.warnings, [], 'nothing is lost');
        assert.equal(t.name, tool.name);
        assert.equal(t.description, tool.description);
        if (EXPECTED[tool.name]) assert.equal(t.signature.canonical, EXPECTED[tool.name]);
        // Every property description reaches the prompt.
        const prompt = renderTools([t]);
        for (const [, p] of Object.entries(tool.inputSchema.properties)) {
          if (p.description) assert.ok(prompt.includes(JSON.stringify(p.description)), `${p.description} in ${prompt}`);
        }
        assert.ok(prompt.endsWith(`\n  ${tool.description}`));
        // The exported parameters schema imports back to the same signature.
        const again = importTool({ name: tool.name, description: tool.description, inputSchema: t.signature.toolParametersSchema(),
          ...(tool.outputSchema ? { outputSchema: t.signature.toJsonSchema() } : {}) });
        try {
          assert.equal(again.signature.format({ descriptions: true }).split(' -> ')[0], t.signature.canonical.split(' -> ')[0]);
        } finally {
          again.signature.free();
        }
      } finally {
        t.signature.free();
      }
    });
  }
});

test('a search call: enum values coerced by case, a numeric string, defaults filled', () => {
  const { signature } = imported('search_issues');
  try {
    const r = signature.validateInput({ q: 'is:open label:bug', sort: 'Created', per_page: '50' });
    assert.equal(r.ok, true);
    assert.deepEqual(r.value, { q: 'is:open label:bug', sort: 'created', order: 'desc', state: 'open', per_page: 50 });
    assert.deepEqual(r.warnings.map((w) => `${w.path}: ${w.message}`),
      ['sort: coerced string "Created" to "created"', 'per_page: coerced string "50" to int']);
    const bad = signature.validateInput({ q: 'x', per_page: 500, state: 'done' });
    assert.equal(bad.ok, false);
    assert.deepEqual(bad.errors.map((e) => `${e.path}: ${e.message}`),
      ['state: expected one of open, closed, all, got string "done"', 'per_page: expected int in 1..100, got int 500']);
  } finally {
    signature.free();
  }
});

test('a page call: the discriminated parent picks its member by type', () => {
  const { signature } = imported('create_page');
  try {
    assert.equal(signature.validateInput({ parent: { type: 'database_id', database_id: 'db1' }, title: 'Notes' }).ok, true);
    const wrong = signature.validateInput({ parent: { type: 'database_id', page_id: 'p1' }, title: 'Notes' });
    assert.deepEqual(wrong.errors.map((e) => `${e.path}: ${e.message}`),
      ['parent.database_id: missing required field, expected string']);
    const unknown = signature.validateInput({ parent: { type: 'workspace' }, title: 'Notes' });
    assert.deepEqual(unknown.errors.map((e) => `${e.path}: ${e.message}`),
      ['parent.type: expected one of page_id, database_id, got string "workspace"']);
    const props = signature.validateInput({ parent: { type: 'page_id', page_id: 'p' }, title: 'T', properties: { Status: 3 } });
    assert.deepEqual(props.errors.map((e) => `${e.path}: ${e.message}`), ['properties.Status: expected string, got int 3']);
  } finally {
    signature.free();
  }
});

test('a query call: a list of unions, a default list, an exclusive bound', () => {
  const { signature } = imported('query');
  try {
    const r = signature.validateInput({ sql: 'select 1' });
    assert.deepEqual(r.value, { sql: 'select 1', params: [], timeout_ms: 5000 });
    assert.equal(signature.validateInput({ sql: 's', params: ['a', 1, 2.5, true, null] }).ok, true);
    const bad = signature.validateInput({ sql: 's', params: [{}], timeout_ms: 0 });
    assert.deepEqual(bad.errors.map((e) => `${e.path}: ${e.message}`), [
      'params[0]: expected string, float or bool, got map',
      'timeout_ms: expected int > 0 and <= 60000, got int 0',
    ]);
  } finally {
    signature.free();
  }
});

test('a labels call: a single label is wrapped in a list, an empty list is refused', () => {
  const { signature } = imported('set_labels');
  try {
    const r = signature.validateInput({ issue_number: 7, labels: 'bug' });
    assert.deepEqual(r.value, { issue_number: 7, labels: ['bug'] });
    assert.deepEqual(r.warnings.map((w) => `${w.path}: ${w.message}`), ['labels: wrapped string "bug" in a list']);
    const empty = signature.validateInput({ issue_number: 7, labels: [] });
    assert.deepEqual(empty.errors.map((e) => `${e.path}: ${e.message}`), ['labels: expected list of length >= 1, got list of length 0']);
  } finally {
    signature.free();
  }
});

test('a tool of many parameters reads model text by the type as a small one, whole and streamed', () => {
  // twenty-four parameters: more than are searched one by one
  const properties = Object.fromEntries(Array.from({ length: 24 }, (_, i) => [`opt_${i}`, { type: 'string' }]));
  const { signature } = importTool({ name: 'configure', inputSchema: { type: 'object', properties } });
  try {
    const text = '{"opt_17": dark mode, "opt-3": """\n  line one\n  line two\n  """}';
    const r = signature.validateInputJSON(text);
    assert.equal(r.ok, true, JSON.stringify(r.errors));
    assert.deepEqual(r.value, { opt_17: 'dark mode', opt_3: 'line one\nline two' });
    assert.deepEqual(r.warnings.map((w) => w.message), [
      'repaired JSON at 1:12: quoted the value "dark mode"',
      'repaired JSON at 1:32: read a triple-quoted string',
    ]);
    const s = signature.stream({ input: true });
    for (const c of text) s.push(c);
    const end = s.end();
    assert.deepEqual(end.value, r.value);
    assert.deepEqual(end.warnings.map((w) => w.message), r.warnings.map((w) => w.message));
  } finally {
    signature.free();
  }
});
