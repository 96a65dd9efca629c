// Vercel AI SDK: the types flow from signature text with no cast.
import { generateText, jsonSchema, Output, tool, type LanguageModel } from 'ai';
import { checked, Signature } from 'toolsig';
import { type Equal, expectType } from './assert.js';

const sig = Signature.parse('(city :string, days :int?) -> {temp :float, unit :enum[C F]}');

// tool({inputSchema: sig.input}) types execute's arguments.
tool({
  inputSchema: sig.input,
  execute: async (args) => {
    expectType<Equal<typeof args, { city: string; days?: number | null }>>();
    // @ts-expect-error: no such parameter
    args.country;
    return { temp: 1 };
  },
});

// checked(sig, fn) types fn's arguments (the recipe that keeps the report).
tool({
  inputSchema: jsonSchema(sig.toolParametersSchema()),
  execute: checked(sig, async ({ city, days }) => {
    expectType<Equal<typeof city, string>>();
    expectType<Equal<typeof days, number | null | undefined>>();
    return city;
  }),
});
checked('(n :int = 1) -> :any', ({ n }) => expectType<Equal<typeof n, number>>());

// Output.object({schema: sig}) types the result.
export async function forecast(model: LanguageModel) {
  const { output } = await generateText({ model, prompt: 'Oslo?', output: Output.object({ schema: sig }) });
  expectType<Equal<typeof output, { temp: number; unit: 'C' | 'F' }>>();
  return output;
}
