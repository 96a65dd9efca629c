// README "Types", verbatim (readme.test.mjs checks that every ```ts block
// of the README is in a file of tests/types/ of its own, which tsc checks).
// ---- README "Types" ----
import { Signature } from 'toolsig';

const search = Signature.parse('(query :string, limit :int[1..100] = 10, sort :enum[new top]?) -> [{id :int, title :string}]');

const args = search.validateInput({ query: 'cats' });
if (args.ok) args.value.limit;          // number: the default is filled in
const hits = search.validateJSON('[]');
if (hits.ok) hits.value[0]?.title;      // string
// search.input['~standard'] is StandardSchemaV1<{query: string, limit?: number | null, sort?: "new" | "top" | null}, ...>
// ---- end ----
