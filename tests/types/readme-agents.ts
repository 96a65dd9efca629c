// README "OpenAI Agents", verbatim (readme.test.mjs checks it is here).
declare function forecast(city: string, days: number): Promise<{ temp: number }>;

// ---- README "OpenAI Agents" ----
import { Agent, tool } from '@openai/agents';
import { Signature, checked, toolErrorReport } from 'toolsig';

const weather = Signature.parse('(city :string, days :int[1..14]) -> {temp :float}');

const weatherTool = tool({
  name: 'weather',
  description: 'The forecast.',
  parameters: weather.toolParametersSchema(),   // Agents makes it strict
  execute: checked(weather, ({ city, days }) => forecast(city, days)),
  // Agents' own error function answers every failure with one fixed text.
  errorFunction: toolErrorReport,
});
const agent = new Agent({ name: 'forecaster', tools: [weatherTool] });
// ---- end ----

export { agent };
