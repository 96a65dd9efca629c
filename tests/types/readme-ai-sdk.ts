// README "Vercel AI SDK", verbatim (readme.test.mjs checks it is here).
declare function forecast(city: string, days: number): Promise<{ temp: number }>;

// ---- README "Vercel AI SDK" ----
import { generateText, jsonSchema, stepCountIs, tool, type LanguageModel } from 'ai';
import { Signature, checked } from 'toolsig';

const weather = Signature.parse('(city :string, days :int[1..14]) -> {temp :float}');

const tools = {
  weather: tool({
    description: 'The forecast.',
    inputSchema: jsonSchema(weather.toolParametersSchema()),
    // Bad arguments throw toolsig's report, which the SDK sends the model;
    // good ones arrive coerced ("3" -> 3) and typed.
    execute: checked(weather, ({ city, days }) => forecast(city, days)),
  }),
};
// ---- end ----

export async function run(model: LanguageModel) {
  return generateText({ model, tools, prompt: 'Oslo?', stopWhen: stepCountIs(5) });
}
