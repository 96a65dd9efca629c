// An agent loop with toolsig: define tools, show them to the model, run the
// model's tool calls, and feed validation reports back so it can correct
// itself. The model is scripted here so the example runs offline; swap
// `model` for a real LLM client.
import { defineTool, definePrompt, renderTools } from 'toolsig';

const orders = [
  { id: 1, customer: 'alice', total: 42.5, _internal_note: 'VIP' },
  { id: 2, customer: 'bob', total: 7 },
];

const searchOrders = defineTool('search_orders', {
  fn: ({ customer, limit }) => orders.filter((o) => o.customer === customer).slice(0, limit ?? 10),
  signature: '(customer :string, limit :int?) -> [{id :int, total :float, _internal_note :string?}]',
  description: 'Find the orders of one customer.',
  cache: true,
});

const system = definePrompt(
  'You help {{user.name}}. Answer in {{language}}.\n\n{{tools}}',
  '(user {name :string}, language :string, tools :string) -> :string',
);

// A scripted model: a first tool call with a wrong argument type, then a
// corrected one once it has read the report.
const replies = [
  { tool: 'search_orders', arguments: '{"customer": "alice", "limit": "ten"}' },
  { tool: 'search_orders', arguments: '{"customer": "alice", "limit": "10"}' },
];
const model = async (_messages) => replies.shift();

const tools = { search_orders: searchOrders };
const messages = [{
  role: 'system',
  content: system.render({ user: { name: 'Dana' }, language: 'English', tools: renderTools([searchOrders]) }),
}];

for (let turn = 0; turn < 2; turn++) {
  const call = await model(messages);
  // callForParentJSON: validate the model's JSON arguments (with coercion),
  // call, validate the result, and drop firewalled (_) fields.
  const result = await tools[call.tool].callForParentJSON(call.arguments);
  if (result.ok) {
    messages.push({ role: 'tool', content: JSON.stringify(result.value) });
  } else {
    messages.push({ role: 'tool', content: result.report });
  }
}

for (const m of messages) console.log(`[${m.role}]\n${m.content}\n`);
