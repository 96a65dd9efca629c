// LangChain.js (@langchain/core) with a scripted chat model: a tool whose
// arguments toolsig checks. LangChain reads a Standard Schema's JSON Schema
// to show the model, but never calls its validate: without checked, bad
// arguments reach the function silently. With it the model's bad call is
// answered with toolsig's report, the good call reaches the function coerced
// ("3" -> 3), and the warnings are kept.
//
// The recipe (README "LangChain.js"): tool(checked(sig, fn), {schema:
// sig.input}); a thrown error becomes the tool message the way an agent's
// tool node makes it (here, the loop of LangChain's tool-calling guide,
// with toolErrorReport).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { requireBuild } from './support/env.mjs';

requireBuild();
const { Signature, checked, toolErrorReport } = await import('../../dist/node.mjs');
const { tool } = await import('@langchain/core/tools');
const { BaseChatModel } = await import('@langchain/core/language_models/chat_models');
const { AIMessage, HumanMessage, ToolMessage } = await import('@langchain/core/messages');
const { convertToOpenAITool } = await import('@langchain/core/utils/function_calling');

/** A chat model answering from a script; it keeps the tools it was bound and the messages it got. */
class ScriptedChatModel extends BaseChatModel {
  constructor(replies) {
    super({});
    this.replies = replies;
    this.prompts = [];
    this.tools = [];
  }

  _llmType() {
    return 'scripted';
  }

  bindTools(tools) {
    this.tools = tools.map((t) => convertToOpenAITool(t));
    return this;
  }

  async _generate(messages) {
    this.prompts.push(messages);
    return { generations: [{ message: new AIMessage(this.replies.shift()), text: '' }] };
  }
}

const call = (id, args) => ({ content: '', tool_calls: [{ type: 'tool_call', id, name: 'weather', args }] });

/** The loop of LangChain's tool-calling guide: run each call, answer with a tool message. */
async function agentLoop(model, tools, question) {
  const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
  const llm = model.bindTools(tools);
  const messages = [new HumanMessage(question)];
  for (;;) {
    const reply = await llm.invoke(messages);
    messages.push(reply);
    if (!reply.tool_calls?.length) return messages;
    for (const c of reply.tool_calls) {
      messages.push(await byName[c.name].invoke(c).catch((error) =>
        new ToolMessage({ tool_call_id: c.id, status: 'error', content: toolErrorReport(c, error) })));
    }
  }
}

const sig = Signature.parse('(city :string, days :int[1..14]) -> {temp :float}');

test('LangChain.js: a bad call is answered with toolsig\'s report; the function gets the coerced arguments; warnings kept', async () => {
  const executed = [];
  const warned = [];
  const weather = tool(checked(sig, async (args) => {
    executed.push(args);
    return JSON.stringify({ temp: -2.5 });
  }, { onWarnings: (_, report) => warned.push(report) }), { name: 'weather', description: 'The forecast.', schema: sig.input });
  const model = new ScriptedChatModel([call('c1', { city: 'Oslo', days: 'x' }), call('c2', { city: 'Oslo', days: '3' }), { content: 'Cold.' }]);
  const messages = await agentLoop(model, [weather], 'Weather in Oslo?');
  // The model was shown the parameters' schema.
  assert.deepEqual(model.tools, [{ type: 'function', function: { name: 'weather', description: 'The forecast.', parameters: sig.toolParametersSchema() } }]);
  const results = messages.filter((m) => m instanceof ToolMessage).map((m) => [m.status, m.content]);
  assert.deepEqual(results, [
    ['error', 'Tool validation errors:\n- days: expected int, got string "x"'],
    ['success', '{"temp":-2.5}'],
  ]);
  assert.deepEqual(model.prompts[1].at(-1).content, results[0][1], 'the model read the report');
  assert.deepEqual(executed, [{ city: 'Oslo', days: 3 }]);
  assert.deepEqual(warned, ['Tool validation warnings:\n- days: coerced string "3" to int']);
});

test('LangChain.js does not validate a Standard Schema: without checked the function gets the bad arguments', async () => {
  const got = [];
  const weather = tool(async (args) => {
    got.push(args);
    return 'ok';
  }, { name: 'weather', description: 'The forecast.', schema: sig.input });
  await weather.invoke({ type: 'tool_call', id: 'c1', name: 'weather', args: { city: 'Oslo', days: 'x' } });
  assert.deepEqual(got, [{ city: 'Oslo', days: 'x' }]);
});
