// The TypeScript examples of README.md, each block verbatim (readme.test.mjs
// checks that every ```ts block of the README is in a file of tests/types/,
// which tsc checks).
declare function forecast(city: string, days: number): Promise<{ temp: number }>;

// ---- README "Types" ----
import { Signature } from 'toolsig';

const search = Signature.parse('(query :string, limit :int[1..100] = 10, sort :enum[new top]?) -> [{id :int, title :string}]');

const args = search.validateInput({ query: 'cats' });
if (args.ok) args.value.limit;          // number: the default is filled in
const hits = search.validateJSON('[]');
if (hits.ok) hits.value[0]?.title;      // string
// search.input['~standard'] is StandardSchemaV1<{query: string, limit?: number | null, sort?: "new" | "top" | null}, ...>

// ---- README "Vercel AI SDK" ----
import { generateText, jsonSchema, stepCountIs, tool, type LanguageModel } from 'ai';
import { checked } from 'toolsig';

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
