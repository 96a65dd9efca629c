// OpenAI Agents JS with a model of our own (the Agents Model interface,
// answering from a script): a tool whose arguments toolsig checks. The
// model's bad call is answered with toolsig's report, the good call reaches
// execute coerced ("3" -> 3), and the warnings are kept.
//
// The recipe (README "OpenAI Agents"): parameters is the parameters' JSON
// Schema (Agents makes it strict itself), execute is checked(sig, fn), and
// errorFunction is toolErrorReport: Agents' own error function answers
// every failure with one fixed text, whatever the error says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { requireBuild } from './support/env.mjs';

requireBuild();
const { Signature, checked, toolErrorReport } = await import('../../dist/node.mjs');
const { Agent, Usage, run, setTracingDisabled, tool } = await import('@openai/agents');

setTracingDisabled(true);

/** A Model answering each request with the next scripted output, keeping the requests. */
function scriptedModel(outputs) {
  const requests = [];
  return {
    requests,
    async getResponse(request) {
      requests.push(request);
      return { usage: new Usage(), output: outputs.shift() };
    },
    // eslint-disable-next-line require-yield
    async *getStreamedResponse() {
      throw new Error('the scripted model does not stream');
    },
  };
}

const call = (callId, args) => [{ type: 'function_call', callId, name: 'weather', arguments: args, status: 'completed' }];
const say = (text) => [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text }] }];
// What the model was given back for the call before its request.
const lastResult = (request) => request.input.at(-1).output;

test('OpenAI Agents: a bad call is answered with toolsig\'s report; execute gets the coerced arguments; warnings kept', async () => {
  const sig = Signature.parse('(city :string, days :int[1..14], unit :enum[c f]?) -> {temp :float}');
  const model = scriptedModel([
    call('c1', '{"city": "Oslo", "days": "x", "unit": null}'),
    call('c2', '{"city": "Oslo", "days": "3", "unit": "c"}'),
    say('Cold.'),
  ]);
  const executed = [];
  const warned = [];
  const weather = tool({
    name: 'weather',
    description: 'The forecast.',
    parameters: sig.toolParametersSchema(),
    execute: checked(sig, async (args) => {
      executed.push(args);
      return { temp: -2.5 };
    }, { onWarnings: (_, report) => warned.push(report) }),
    errorFunction: toolErrorReport,
  });
  const result = await run(new Agent({ name: 'forecaster', model, tools: [weather] }), 'Weather in Oslo?');
  assert.equal(result.finalOutput, 'Cold.');
  // The model was shown the parameters, made strict by Agents as toolsig makes them.
  const [shown] = model.requests[0].tools;
  assert.equal(shown.strict, true);
  assert.deepEqual(shown.parameters, sig.toolParametersSchema({ strict: true }));
  // It got the report for the bad call, and the result of the good one.
  assert.deepEqual(lastResult(model.requests[1]), { type: 'text', text: 'Tool validation errors:\n- days: expected int, got string "x"' });
  assert.deepEqual(lastResult(model.requests[2]), { type: 'text', text: '{"temp":-2.5}' });
  assert.deepEqual(executed, [{ city: 'Oslo', days: 3, unit: 'c' }]);
  assert.deepEqual(warned, ['Tool validation warnings:\n- days: coerced string "3" to int']);
});

test('OpenAI Agents: toolErrorReport answers an error of the tool itself with a fixed text, not its message', async () => {
  const sig = Signature.parse('(city :string) -> {temp :float}');
  const model = scriptedModel([call('c1', '{"city": "Oslo"}'), say('Sorry.')]);
  const weather = tool({
    name: 'weather',
    description: 'The forecast.',
    parameters: sig.toolParametersSchema(),
    execute: checked(sig, () => {
      throw new Error('connect ECONNREFUSED 10.0.0.7:5432 (password=hunter2)');
    }),
    errorFunction: toolErrorReport,
  });
  await run(new Agent({ name: 'forecaster', model, tools: [weather] }), 'Weather in Oslo?');
  assert.deepEqual(lastResult(model.requests[1]), { type: 'text', text: 'An error occurred while running the tool. Please try again.' });
});
