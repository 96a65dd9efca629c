// README "MCP", verbatim (readme.test.mjs checks it is here).
declare function forecast(city: string, days: number): Promise<{ temp: number }>;

// ---- README "MCP" ----
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { McpServer } from '@modelcontextprotocol/server';
import { defineTool } from 'toolsig';

const weather = defineTool('weather', {
  fn: ({ city, days }) => forecast(city, days),
  signature: '(city :string, days :int[1..14]) -> {temp :float}',
  description: 'The forecast.',
});

// SDK v1, the low-level server:
const server = new Server({ name: 'weather', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [weather.toMCP()] }));
server.setRequestHandler(CallToolRequestSchema, async ({ params }) => weather.callMCP(params.arguments));

// SDK v2:
const mcp = new McpServer({ name: 'weather', version: '1.0.0' });
mcp.registerTool(weather.name, weather.toMCPConfig(), (args) => weather.callMCP(args));
// ---- end ----

export { server, mcp };
