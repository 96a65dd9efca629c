// README "LangChain.js", verbatim (readme.test.mjs checks it is here).
declare function forecast(city: string, days: number): Promise<{ temp: number }>;

// ---- README "LangChain.js" ----
import { tool } from '@langchain/core/tools';
import { ToolMessage, type ToolCall } from '@langchain/core/messages';
import type { JSONSchema } from '@langchain/core/utils/json_schema';
import { Signature, checked, toolErrorReport } from 'toolsig';

const weather = Signature.parse('(city :string, days :int[1..14]) -> {temp :float}');

const weatherTool = tool(checked(weather, ({ city, days }) => forecast(city, days)), {
  name: 'weather',
  description: 'The forecast.',
  // LangChain shows the model this schema but never validates with it, and
  // its types know JSON Schema and Zod only.
  schema: weather.input as JSONSchema,
});

// In a loop of your own, as an agent's tool node does:
const answer = (call: ToolCall) => weatherTool.invoke(call).catch((error) =>
  new ToolMessage({ tool_call_id: call.id ?? '', status: 'error', content: toolErrorReport(call, error) }));
// ---- end ----

export { answer };
