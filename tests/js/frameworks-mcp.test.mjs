// MCP servers, SDK v1's low-level Server and SDK v2's McpServer, talking to
// the SDK's own Client over its in-memory transport: a tool whose arguments
// and result toolsig checks. A bad call is answered with toolsig's report
// (isError, which MCP hands to the model), the good call reaches the tool
// coerced ("3" -> 3), and the warnings are a second text block of the
// result, for the model to read.
//
// The recipes (README "MCP"): v1 lists tool.toMCP() and answers tools/call
// with tool.callMCP(arguments); v2 registers tool.toMCPConfig() with
// (args) => tool.callMCP(args).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { requireBuild } from './support/env.mjs';

requireBuild();
const { defineTool } = await import('../../dist/node.mjs');
const v1 = {
  ...await import('@modelcontextprotocol/sdk/server/index.js'),
  ...await import('@modelcontextprotocol/sdk/client/index.js'),
  ...await import('@modelcontextprotocol/sdk/inMemory.js'),
  ...await import('@modelcontextprotocol/sdk/types.js'),
};
const v2 = { ...await import('@modelcontextprotocol/server'), Client: (await import('@modelcontextprotocol/client')).Client };

const REPORT = 'Tool validation errors:\n- days: expected int, got string "x"';
const WARNINGS = 'Tool validation warnings:\n- days: coerced string "3" to int';

function weatherTool(executed) {
  return defineTool('weather', {
    fn: ({ city, days }) => {
      executed.push({ city, days });
      return city === 'Nowhere' ? { temp: 'unknown' } : { temp: -2.5 };
    },
    signature: '(city :string, days :int[1..14]) -> {temp :float}',
    description: 'The forecast.',
  });
}

async function v1Server(tools) {
  const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
  const server = new v1.Server({ name: 'weather', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(v1.ListToolsRequestSchema, async () => ({ tools: tools.map((t) => t.toMCP()) }));
  server.setRequestHandler(v1.CallToolRequestSchema, async ({ params }) => byName[params.name].callMCP(params.arguments));
  const [serverSide, clientSide] = v1.InMemoryTransport.createLinkedPair();
  const client = new v1.Client({ name: 'model', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return client;
}

async function v2Server(tools) {
  const server = new v2.McpServer({ name: 'weather', version: '1.0.0' });
  for (const t of tools) server.registerTool(t.name, t.toMCPConfig(), (args) => t.callMCP(args));
  const [serverSide, clientSide] = v2.InMemoryTransport.createLinkedPair();
  const client = new v2.Client({ name: 'model', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return client;
}

for (const [version, connect] of [['v1 (low-level Server)', v1Server], ['v2 (McpServer.registerTool)', v2Server]]) {
  test(`MCP SDK ${version}: the tool is listed with its schemas`, async () => {
    const weather = weatherTool([]);
    const client = await connect([weather]);
    const { tools } = await client.listTools();
    // As the client reads it off the wire (the in-memory transport keeps undefined members).
    assert.deepEqual(JSON.parse(JSON.stringify(tools)), [weather.toMCP()]);
    await client.close();
  });

  test(`MCP SDK ${version}: a bad call is answered with toolsig's report; the tool gets the coerced arguments; warnings kept`, async () => {
    const executed = [];
    const client = await connect([weatherTool(executed)]);
    const bad = await client.callTool({ name: 'weather', arguments: { city: 'Oslo', days: 'x' } });
    assert.deepEqual(bad, { content: [{ type: 'text', text: REPORT }], isError: true });
    const good = await client.callTool({ name: 'weather', arguments: { city: 'Oslo', days: '3' } });
    assert.deepEqual(good, {
      content: [{ type: 'text', text: '{"temp":-2.5}' }, { type: 'text', text: WARNINGS }],
      structuredContent: { temp: -2.5 },
    });
    const plain = await client.callTool({ name: 'weather', arguments: { city: 'Oslo', days: 3 } });
    assert.deepEqual(plain.content, [{ type: 'text', text: '{"temp":-2.5}' }], 'no warnings, no second block');
    assert.deepEqual(executed, [{ city: 'Oslo', days: 3 }, { city: 'Oslo', days: 3 }]);
    await client.close();
  });

  test(`MCP SDK ${version}: a result that breaks the return type is answered with the Return report`, async () => {
    const client = await connect([weatherTool([])]);
    const r = await client.callTool({ name: 'weather', arguments: { city: 'Nowhere', days: 1 } });
    assert.deepEqual(r, { content: [{ type: 'text', text: 'Return validation errors:\n- temp: expected float, got string "unknown"' }], isError: true });
    await client.close();
  });

  test(`MCP SDK ${version}: a list result is structuredContent {items: [...]}; a tool without a signature takes any object`, async () => {
    const search = defineTool('search', { fn: ({ q }) => [{ id: 1, title: q }], signature: '(q :string) -> [{id :int, title :string}]' });
    const echo = defineTool('echo', (args) => args);
    const client = await connect([search, echo]);
    const found = await client.callTool({ name: 'search', arguments: { q: 'cats' } });
    assert.deepEqual(found, { content: [{ type: 'text', text: '[{"id":1,"title":"cats"}]' }], structuredContent: { items: [{ id: 1, title: 'cats' }] } });
    const echoed = await client.callTool({ name: 'echo', arguments: { a: 1 } });
    assert.deepEqual(echoed, { content: [{ type: 'text', text: '{"a":1}' }] });
    await client.close();
  });
}
