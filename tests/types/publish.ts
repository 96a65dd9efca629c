// toolsig/publish as the types give it: diff's sides and its changes,
// infer's options, and the SignatureError both entries share.
import { Signature, SignatureError as MainSignatureError, defineTool } from 'toolsig';
import { type Change, type ChangeEffect, SignatureError, diff, infer } from 'toolsig/publish';
import { type Equal, expectType } from './assert.js';

const before = Signature.parse('(q :string) -> :int');
const r = diff(before, '(q :string, n :int?) -> :int');
expectType<Equal<typeof r.breaks, boolean>>();
expectType<Equal<typeof r.changes, Change[]>>();
const first: Change = r.changes[0];
expectType<Equal<typeof first.effect, ChangeEffect>>();
expectType<Equal<typeof first.example, unknown>>();
const effect: ChangeEffect = 'may break consumers';
void effect;
diff([defineTool('t', { fn: () => 1, signature: before })], [{ name: 't', signature: '(q :string) -> :int' }]);
diff({ tools: [{ name: 'search', inputSchema: { type: 'object' } }] }, '[]');
expectType<Equal<ReturnType<typeof infer>, string>>();
expectType<Equal<typeof SignatureError, typeof MainSignatureError>>();

// @ts-expect-error: a side is a signature, its text or a list of tools
diff(42, ':int');
// @ts-expect-error: no such effect
const wrong: ChangeEffect = 'breaks';
void wrong;
// @ts-expect-error: no option "enum"
infer([1], { enum: 3 });
