// Vercel AI SDK 6 and 7 with a mock model (ai/test): a tool whose
// arguments toolsig checks. The model's bad call is answered with
// toolsig's report, the good call reaches execute coerced ("3" -> 3), the
// warnings are kept, and a Signature is the structured output's schema.
//
// The recipe (README "Vercel AI SDK"): inputSchema is the framework's own
// jsonSchema() of the parameters (which passes the arguments through), and
// execute is checked(sig, fn), which validates them and throws the report.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { requireBuild } from './support/env.mjs';

requireBuild();
const { Signature, checked } = await import('../../dist/node.mjs');

const USAGE = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** A scripted model: each doGenerate answers with the next reply, and keeps the prompt it got. */
function scriptedModel(MockModel, replies) {
  const prompts = [];
  const model = new MockModel({
    doGenerate: async (options) => {
      prompts.push(options);
      const content = replies.shift();
      const calls = content.some((c) => c.type === 'tool-call');
      return {
        content, usage: USAGE, warnings: [],
        finishReason: { unified: calls ? 'tool-calls' : 'stop', raw: calls ? 'tool_calls' : 'stop' },
      };
    },
  });
  return { model, prompts };
}

const call = (id, input) => ({ type: 'tool-call', toolCallId: id, toolName: 'weather', input });

for (const [version, pkg, mock] of [['6', 'ai6', 'MockLanguageModelV3'], ['7', 'ai', 'MockLanguageModelV4']]) {
  const ai = await import(pkg);
  const { [mock]: MockModel } = await import(`${pkg}/test`);

  test(`AI SDK ${version}: a bad call is answered with toolsig's report; execute gets the coerced arguments; warnings kept`, async () => {
    const sig = Signature.parse('(city :string, days :int[1..14]) -> {temp :float}');
    const { model, prompts } = scriptedModel(MockModel, [
      [call('c1', '{"city": "Oslo", "days": "x"}')],
      [call('c2', '{"city": "Oslo", "days": "3"}')],
      [{ type: 'text', text: 'Cold.' }],
    ]);
    const executed = [];
    const warned = [];
    const result = await ai.generateText({
      model,
      prompt: 'Weather in Oslo?',
      stopWhen: ai.stepCountIs(5),
      tools: {
        weather: ai.tool({
          description: 'The forecast.',
          inputSchema: ai.jsonSchema(sig.toolParametersSchema()),
          execute: checked(sig, async (args) => {
            executed.push(args);
            return { temp: -2.5 };
          }, { onWarnings: (_, report) => warned.push(report) }),
        }),
      },
    });
    assert.equal(result.text, 'Cold.');
    // The model was shown the parameters' schema.
    assert.deepEqual(prompts[0].tools[0].inputSchema, sig.toolParametersSchema());
    // It got the report for the bad call...
    const [bad] = prompts[1].prompt.at(-1).content;
    assert.deepEqual(bad.output, { type: 'error-text', value: 'Tool validation errors:\n- days: expected int, got string "x"' });
    // ...and the result of the good one, which execute got coerced.
    assert.deepEqual(executed, [{ city: 'Oslo', days: 3 }]);
    assert.deepEqual(prompts[2].prompt.at(-1).content[0].output, { type: 'json', value: { temp: -2.5 } });
    assert.deepEqual(warned, ['Tool validation warnings:\n- days: coerced string "3" to int']);
  });

  test(`AI SDK ${version}: a Signature is the structured output's schema; a list comes back unwrapped`, async () => {
    const sig = Signature.parse('[{city :string, temp :float}]');
    const { model, prompts } = scriptedModel(MockModel, [[{ type: 'text', text: '{"items": [{"city": "Oslo", "temp": -2.5}]}' }]]);
    const result = await ai.generateText({ model, prompt: 'Weather?', output: ai.Output.object({ schema: sig }) });
    assert.deepEqual(result.output, [{ city: 'Oslo', temp: -2.5 }]);
    assert.deepEqual(prompts[0].responseFormat.schema, sig.toJsonSchema());
  });
}
