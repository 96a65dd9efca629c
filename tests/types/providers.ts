// The provider helpers type-check against the providers' own packages.
import type OpenAI from 'openai';
import type { ChatCompletionTool, ChatCompletionFunctionTool } from 'openai/resources/chat/completions';
import type { FunctionTool } from 'openai/resources/responses/responses';
import type Anthropic from '@anthropic-ai/sdk';
import type { Tool as MCPTool } from '@modelcontextprotocol/sdk/types.js';
import { defineTool, Signature } from 'toolsig';
import { type Equal, expectType } from './assert.js';

const search = defineTool('search', {
  fn: ({ q }: { q: string }) => [q],
  signature: '(q :string, limit :int?) -> {hits [:string]}',
  description: 'Search.',
});

const chat: ChatCompletionTool = search.toOpenAI();
const chatStrict: ChatCompletionFunctionTool = search.toOpenAI({ strict: true, onWarning: (m) => void m });
const chatParams: OpenAI.Chat.Completions.ChatCompletionCreateParams['tools'] = [search.toOpenAI()];
const responses: FunctionTool = search.toOpenAI({ api: 'responses', strict: true });
const responsesList: OpenAI.Responses.ResponseCreateParams['tools'] = [search.toOpenAI({ api: 'responses' })];
expectType<Equal<typeof responses.strict, boolean | null>>();
const anthropic: Anthropic.Tool = search.toAnthropic();
const anthropicList: Anthropic.MessageCreateParams['tools'] = [search.toAnthropic()];
const mcp: MCPTool = search.toMCP();
// @ts-expect-error: the Responses shape is flat, not Chat Completions'
const wrong: ChatCompletionFunctionTool = search.toOpenAI({ api: 'responses' });

// Gemini's function declarations take an OpenAPI 3.0 schema.
const sig = Signature.parse('(q :string, limit :int?) -> {hits [:string]}');
const gemini: Record<string, unknown> = sig.input['~standard'].jsonSchema.input({ target: 'openapi-3.0' });

export { chat, chatStrict, chatParams, responses, responsesList, anthropic, anthropicList, mcp, wrong, gemini };
