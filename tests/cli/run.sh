#!/usr/bin/env bash
# tests/cli/run.sh: drives the toolsig binary as a user would, checking every
# command and option: exit status, stdout and stderr. Also compiles and runs
# the C example of CONTRIBUTING.md.
#
#   bash tests/cli/run.sh path/to/toolsig
#   bash tests/cli/run.sh node dist/cli.mjs
#
# The arguments are the command that runs toolsig (one or more words: the
# native binary, or the npm package's bin on WebAssembly).
#
# Prints one line per failed check, then "N passed, N failed"; exits non-zero
# when anything failed.
set -u

: "${1:?usage: run.sh path/to/toolsig | run.sh node dist/cli.mjs}"
BIN=("$@")
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

passed=0
failed=0
CASE=""
RC=0
OUT=""
ERR=""

# case NAME: names the checks that follow.
case_() { CASE=$1; }

# Reads a whole file into the named variable, trailing newlines kept.
slurp() { local s; s=$(cat "$2"; printf x); printf -v "$1" '%s' "${s%x}"; }

# run ARGS...: runs toolsig with no input; sets RC, OUT, ERR.
run() {
    "${BIN[@]}" "$@" </dev/null >"$TMP/out" 2>"$TMP/err"
    RC=$?
    slurp OUT "$TMP/out"
    slurp ERR "$TMP/err"
}

# run_in TEXT ARGS...: as run, with TEXT on standard input.
run_in() {
    local input=$1
    shift
    printf '%s' "$input" >"$TMP/in"
    "${BIN[@]}" "$@" <"$TMP/in" >"$TMP/out" 2>"$TMP/err"
    RC=$?
    slurp OUT "$TMP/out"
    slurp ERR "$TMP/err"
}

ok() { passed=$((passed + 1)); }
bad() {
    failed=$((failed + 1))
    printf 'FAIL [%s] %s\n' "$CASE" "$1"
    printf '  exit %s\n  stdout: %s\n  stderr: %s\n' "$RC" "$OUT" "$ERR" | head -n 40
}

expect_rc() { if [ "$RC" -eq "$1" ]; then ok; else bad "exit status $RC, want $1"; fi; }
expect_out() { if [ "$OUT" == "$1" ]; then ok; else bad "stdout is not: $1"; fi; }
expect_err() { if [ "$ERR" == "$1" ]; then ok; else bad "stderr is not: $1"; fi; }
expect_out_has() { if [[ "$OUT" == *"$1"* ]]; then ok; else bad "stdout lacks: $1"; fi; }
expect_err_has() { if [[ "$ERR" == *"$1"* ]]; then ok; else bad "stderr lacks: $1"; fi; }
expect_no_out() { if [ -z "$OUT" ]; then ok; else bad "stdout is not empty"; fi; }
expect_no_err() { if [ -z "$ERR" ]; then ok; else bad "stderr is not empty"; fi; }

# A usage error: exit 2, nothing on stdout, the message and where help is.
expect_usage_error() {
    expect_rc 2
    expect_no_out
    expect_err_has "$1"
    expect_err_has "--help'."
}

SEED='(id :int, name :string) -> :bool'

# ---- help and usage ---------------------------------------------------------

case_ "--help lists every command"
run --help
expect_rc 0
expect_no_err
for cmd in check validate normalize schema from-schema from-tools diff tool tools placeholders redact infer; do
    expect_out_has "  $cmd "
done
expect_out_has "@FILE"
expect_out_has "Exit status: 0 fine, 1 rejected"

case_ "help COMMAND and COMMAND --help"
run help validate
expect_rc 0
expect_out_has "Usage: toolsig validate SIG [FILE|-] [--input]"
slurp want "$TMP/out"
run validate --help
expect_rc 0
expect_out "$want"
run validate '(a' -h
expect_rc 0
expect_out "$want"
for cmd in check normalize schema from-schema from-tools tool tools placeholders redact infer; do
    run "$cmd" --help
    expect_rc 0
    expect_out_has "Usage: toolsig $cmd "
done

case_ "--version"
run --version
expect_rc 0
expect_out $'toolsig 0.1.0\n'

case_ "no command"
run
expect_usage_error "Usage: toolsig COMMAND"

case_ "unknown command"
run chek ':int'
expect_usage_error 'toolsig: unknown command "chek"'
run help nope
expect_usage_error 'unknown command "nope"'

case_ "unknown option"
run check ':int' --jsn
expect_usage_error "toolsig check: unknown option --jsn"
expect_err_has "Try 'toolsig check --help'."
run --bogus
expect_usage_error "unknown option --bogus"

case_ "an argument starting with -> is a signature, not an option"
run check '-> :int'
expect_rc 2
expect_no_out
expect_err_has 'signature error at 1:1: '
if [[ "$ERR" == *"unknown option"* ]]; then bad "read as an option"; else ok; fi
run validate '->{a :int}' -
expect_rc 2
expect_err_has 'signature error at 1:1: '

case_ "missing and extra arguments"
run check
expect_usage_error "toolsig check: missing arguments"
run check ':int' ':int'
expect_usage_error 'unexpected argument ":int"'
run tool onlyname
expect_usage_error "missing arguments"

case_ "flag given a value, option without one"
run check ':int' --json=yes
expect_usage_error "option --json takes no value"
run validate ':int' --mode
expect_usage_error "option --mode needs a value"

# ---- check ------------------------------------------------------------------

case_ "check prints the canonical form"
run check '(query :string,limit:int)->{count :int, items [{id :int}]}'
expect_rc 0
expect_out $'(query :string, limit :int) -> {count :int, items [{id :int}]}\n'
expect_no_err

case_ "check shows the error with a caret"
run check '(query :string, limit) -> :int'
expect_rc 2
expect_no_out
expect_err 'signature error at 1:22: expected a type after "limit", found ")"
  (query :string, limit) -> :int
                       ^
'

case_ "check shows the hint"
run check '(a :integer) -> :int'
expect_rc 2
expect_err_has 'signature error at 1:4: '
expect_err_has '  hint: '
expect_err_has ':int'

case_ "check on several lines points at the right line"
run check $'(a :int,\n b :strin)\n-> :int'
expect_rc 2
expect_err_has 'signature error at 2:4: '
expect_err_has $'\n   b :strin)\n     ^'

case_ "check --json"
run check '(a :int, b-c :boolean) -> [:int]?' --json
expect_rc 0
expect_out '{"ok":true,"canonical":"(a :int, b-c :bool) -> [:int]?","returns_list":true,"ast":{"params":[["a","int"],["b-c","bool"]],"returns":{"optional":{"list":"int"}}}}
'
run check --json '(query :string, limit) -> :int'
expect_rc 2
expect_out '{"ok":false,"error":{"code":"TSIG_ERR_SYNTAX","kind":"syntax","message":"expected a type after \"limit\", found \")\"","line":1,"column":22,"offset":21,"hint":null}}
'
expect_no_err

case_ "check --hide-firewalled"
run check '(q :string) -> {summary :string, _raw [:map]}' --hide-firewalled
expect_rc 0
expect_out $'(q :string) -> {summary :string}\n'
run check '(q :string) -> {summary :string, _raw [:map]}' --hide-firewalled --json
expect_out_has '"canonical":"(q :string) -> {summary :string}"'

case_ "check --no-descriptions"
run check '(q :string "search terms", limit :int[1..100] = 10 "max results") -> {id :int "the id"}' --no-descriptions
expect_rc 0
expect_out $'(q :string, limit :int[1..100] = 10) -> {id :int}\n'
run check '(q :string "terms") -> {a :int, _b :int "x"}' --no-descriptions --hide-firewalled --json
expect_rc 0
expect_out_has '"canonical":"(q :string) -> {a :int}"'

case_ "check the v2 language"
run check '(mode :enum[fast "two words" 1 true], v :string|:int?, n :int[>=1,<=5]) -> {* :int}'
expect_rc 0
expect_out $'(mode :enum[fast "two words" 1 true], v :string|:int?, n :int[1..5]) -> {* :int}\n'

case_ "check @FILE and @-"
printf '(a :int,\n b [:string])\n  -> :bool\n' >"$TMP/sig.txt"
run check "@$TMP/sig.txt"
expect_rc 0
expect_out $'(a :int, b [:string]) -> :bool\n'
run_in '{x :int}' check @-
expect_rc 0
expect_out $'{x :int}\n'
run check "@$TMP/no-such-file"
expect_rc 2
expect_no_out
expect_err_has "toolsig check: cannot open SIG \"$TMP/no-such-file\": "
run check -- '-> :int'
expect_rc 2
expect_err_has 'signature error at 1:1: '

case_ "check a signature holding a NUL byte (via @FILE)"
printf '(a :int) -> \0:int' >"$TMP/nul.txt"
run check "@$TMP/nul.txt"
expect_rc 2
expect_no_out
expect_err_has 'signature error at 1:13: '
expect_err_has 'NUL'

case_ "check a signature of invalid UTF-8"
printf '(a :int) -> \xff' >"$TMP/utf8.txt"
run check "@$TMP/utf8.txt"
expect_rc 2
expect_err_has 'signature error at 1:13: '
run check "@$TMP/utf8.txt" --json
expect_rc 2
expect_out_has '"line":1,"column":13,"offset":12'

case_ "check a megabyte signature"
{
    printf '{'
    for i in $(seq 1 40000); do printf 'field_%d :int, ' "$i"; done
    printf 'last :string}'
} >"$TMP/big-sig.txt"
run check "@$TMP/big-sig.txt"
expect_rc 0
expect_out_has 'field_39999 :int, field_40000 :int, last :string}'

# ---- validate -----------------------------------------------------------------

case_ "validate: a valid output prints nothing"
run_in 'true' validate "$SEED"
expect_rc 0
expect_no_out
expect_no_err

case_ "validate: an invalid output prints the Return report"
run_in '"yes"' validate "$SEED"
expect_rc 1
expect_out $'Return validation errors:\n- expected bool, got string "yes"\n'
expect_no_err

case_ "validate --input: coercion warnings"
run_in '{"id":"42","name":"Alice"}' validate "$SEED" --input
expect_rc 0
expect_out $'Tool validation warnings:\n- id: coerced string "42" to int\n'

case_ "validate --input: errors and warnings"
run_in '{"id":"4x","name":7,"extra":1}' validate "$SEED" - --input
expect_rc 1
expect_out $'Tool validation errors:\n- id: expected int, got string "4x"\n- name: expected string, got int 7\n'
run_in '[1]' validate "$SEED" --input
expect_rc 1
expect_out_has '- expected map, got list'

case_ "validate --input --json: the coerced value"
run_in '{"name":"Alice","id":"42"}' validate "$SEED" --input --json
expect_rc 0
expect_out '{"ok":true,"value":{"id":42,"name":"Alice"},"errors":[],"warnings":[{"path":"id","segments":["id"],"message":"coerced string \"42\" to int","code":"coerced","offset":21,"length":4}]}
'

case_ "validate --json: errors with paths and segments"
run_in '{"rows":[{"n":1},{"n":"x"}]}' validate '{rows [{n :int}]}' --json
expect_rc 1
expect_out '{"ok":false,"errors":[{"path":"rows[1].n","segments":["rows",1,"n"],"message":"expected int, got string \"x\"","code":"type","offset":22,"length":3}],"warnings":[]}
'

case_ "validate --json: the value keeps every digit"
big=$(printf '9%.0s' $(seq 1 3000))
run_in "[$big, 1.50]" validate '[:float]' --json
expect_rc 0
expect_out "{\"ok\":true,\"value\":[$big, 1.50],\"errors\":[],\"warnings\":[]}
"

case_ "validate FILE"
printf '{"id": 1,\n "name": "Bob"}\n' >"$TMP/args.json"
run validate "$SEED" "$TMP/args.json" --input
expect_rc 0
expect_no_out
run validate "$SEED" "$TMP/missing.json"
expect_rc 2
expect_err_has 'cannot open FILE'

case_ "validate: bad JSON shows line, column and a caret"
printf '{"id": 1,\n  "name": }\n' >"$TMP/bad.json"
run validate "$SEED" "$TMP/bad.json" --input
expect_rc 2
expect_no_out
expect_err_has 'JSON error at 2:11: '
expect_err_has $'\n    "name": }\n            ^'

case_ "validate --json: bad JSON has line and column"
run validate "$SEED" "$TMP/bad.json" --input --json
expect_rc 2
expect_out_has '"ok":false'
expect_out_has '"line":2,"column":11,"offset":20'
expect_out_has '"message":"JSON error at 2:11: '

case_ "validate: invalid UTF-8 and empty input are bad JSON"
printf '"\xc3("' >"$TMP/utf8.json"
run validate ':string' "$TMP/utf8.json"
expect_rc 2
expect_err_has 'JSON error at 1:2: '
run_in '' validate ':string'
expect_rc 2
expect_err_has 'JSON error at 1:1: '

case_ "validate: duplicate keys fail in every mode"
run_in '{"a":1,"a":2}' validate '{a :int}' --mode disabled
expect_rc 1
expect_out_has '- a: duplicate key "a"'

case_ "validate --mode"
run_in '{"a":"x","b":1}' validate '{a :int}' --mode warn_only
expect_rc 0
expect_out $'Return validation warnings:\n- a: expected int, got string "x"\n'
run_in '{"a":1,"b":1}' validate '{a :int}' --mode strict
expect_rc 1
expect_out $'Return validation errors:\n- b: unexpected field\n'
run_in '{"a":"x"}' validate '{a :int}' --mode=disabled
expect_rc 0
expect_no_out
run_in '1' validate ':int' --mode lenient
expect_usage_error 'unknown mode "lenient"'

case_ "validate --max-errors"
run_in '["a","b","c"]' validate '[:int]' --max-errors 1
expect_rc 1
expect_out $'Return validation errors:\n- [0]: expected int, got string "a"\n- too many errors: 2 more not shown\n'
run_in '1' validate ':int' --max-errors 0
expect_usage_error '--max-errors expects a positive integer, got "0"'
run_in '1' validate ':int' --max-errors=ten
expect_usage_error '--max-errors expects a positive integer, got "ten"'

case_ "validate --max-depth"
run_in '[[[[1]]]]' validate ':any' --max-depth 3
expect_rc 2
expect_err_has 'JSON error at 1:4: nesting deeper than 3'
run_in '[[[[1]]]]' validate ':any' --max-depth 4
expect_rc 0
run_in '1' validate ':int' --max-depth -1
expect_usage_error '--max-depth expects a positive integer'
# above the core's limit: refused as the JS API refuses it, never clamped
run_in '[1]' validate ':any' --max-depth 10000
expect_rc 0
run_in '[1]' validate ':any' --max-depth 10001
expect_usage_error '--max-depth expects a whole number from 1 to 10000, got "10001"'

case_ "validate: a bad signature"
run_in '1' validate '(a :int'
expect_rc 2
expect_no_out
expect_err_has 'signature error at 1:8: '
run_in '1' validate '(a :int' --json
expect_rc 2
expect_out_has '{"ok":false,"error":{"code":"TSIG_ERR_SYNTAX"'

case_ "validate: standard input is read once"
run_in ':int' validate @- -
expect_usage_error 'standard input can be read only once'
run_in ':int' validate @-
expect_usage_error 'standard input can be read only once'
printf '5' >"$TMP/five.json"
run_in ':int' validate @- "$TMP/five.json"
expect_rc 0

case_ "validate: 100 000 levels of nesting, a 5 MB string"
head -c 100000 /dev/zero | tr '\0' '[' >"$TMP/deep.json"
run validate ':any' "$TMP/deep.json"
expect_rc 2
expect_err_has 'JSON error at 1:1001: nesting deeper than 1000'
{ printf '{"q":"'; head -c 5000000 /dev/zero | tr '\0' 'a'; printf '"}'; } >"$TMP/long.json"
run validate '(q :string) -> :any' "$TMP/long.json" --input
expect_rc 0
expect_no_out

# ---- normalize ----------------------------------------------------------------

case_ "normalize"
run_in '{"user-name": "a-b", "rows": [{"x-y": 1.0}]}' normalize
expect_rc 0
expect_out $'{"user_name":"a-b","rows":[{"x_y":1.0}]}\n'
printf '{"a-b":1}' >"$TMP/keys.json"
run normalize "$TMP/keys.json"
expect_rc 0
expect_out $'{"a_b":1}\n'

case_ "normalize: a key collision"
run_in '{"rows":[{"a-b":1,"a_b":2}]}' normalize -
expect_rc 1
expect_no_out
expect_err_has 'keys "a-b" and "a_b" both normalize to "a_b" at rows[0]'

case_ "normalize: bad JSON"
run_in $'[1,\n2,,3]' normalize
expect_rc 2
expect_no_out
expect_err_has 'JSON error at 2:3: '

# ---- schema -------------------------------------------------------------------

case_ "schema"
run schema '(q :string) -> {count :int, tags [:string]?}'
expect_rc 0
expect_out '{
  "type": "object",
  "properties": {
    "count": {
      "type": "integer"
    },
    "tags": {
      "anyOf": [
        {
          "type": "array",
          "items": {
            "type": "string"
          }
        },
        {
          "type": "null"
        }
      ]
    }
  },
  "required": [
    "count"
  ],
  "additionalProperties": false
}
'

case_ "schema --params --strict"
run schema '(q :string, limit :int?) -> :any' --params --strict
expect_rc 0
expect_out_has $'"required": [\n    "q",\n    "limit"\n  ]'
expect_out_has '"type": ['
run schema ':any'
expect_out $'{}\n'
expect_no_err

case_ "schema --strict: each place strict mode cannot express is named on stderr; the schema is unchanged"
run schema '(id :int, meta :map) -> {tags {* :string}}' --strict --params
expect_rc 0
expect_err $'warning: #/properties/meta: :map is an open object; OpenAI strict mode requires "additionalProperties": false and every property listed (use a typed map)\n'
expect_out_has '"meta": {'
run schema '(id :int, meta :map) -> {tags {* :string}}' --strict
expect_rc 0
expect_err_has 'warning: #/properties/tags: '
run schema '(id :int, meta :map) -> {tags {* :string}}' --params
expect_no_err

case_ "schema: a bad signature"
run schema '[]'
expect_rc 2
expect_err_has 'signature error at 1:2: '

# ---- from-schema --------------------------------------------------------------

case_ "from-schema"
run_in '{"type":"object","properties":{"id":{"type":"integer"},"at":{"type":"string","format":"date-time"}},"required":["id"]}' from-schema
expect_rc 0
expect_out $'{id :int, at :datetime?}\n'
expect_no_err

case_ "from-schema: what a signature cannot say"
printf '{"type":"object","properties":{"mode":{"type":"string","pattern":"^a"}}}' >"$TMP/enum.json"
run from-schema "$TMP/enum.json"
expect_rc 1
expect_no_out
expect_err_has 'schema error: #/properties/mode'
expect_err_has 'hint: '
expect_err_has 'lossy'
run from-schema "$TMP/enum.json" --lossy
expect_rc 0
expect_out $'{mode :string?}\n'
expect_err_has 'warning: #/properties/mode'

case_ "from-schema: bad JSON"
run_in '{"type":' from-schema
expect_rc 2
expect_err_has 'JSON error at 1:9: '

case_ "from-schema: a duplicate key and bad UTF-8 are JSON errors, as in every command"
run_in '{"type":"object","type":"string"}' from-schema
expect_rc 2
expect_no_out
expect_err_has 'JSON error at 1:18: duplicate key "type"'
run_in '{"a":1,"a":2}' normalize
expect_rc 2
expect_err_has 'JSON error at 1:8: duplicate key "a"'
printf '{"type":"\xff"}' >"$TMP/bad-utf8.json"
run from-schema "$TMP/bad-utf8.json"
expect_rc 2
expect_err_has 'JSON error at 1:10: expected UTF-8 text, found invalid UTF-8 byte 0xFF'
run normalize "$TMP/bad-utf8.json"
expect_rc 2
expect_err_has 'JSON error at 1:10: expected UTF-8 text, found invalid UTF-8 byte 0xFF'

# ---- from-tools ---------------------------------------------------------------

TOOLS='{"tools":[{"name":"search","description":"Search the web.\nReturns hits.","inputSchema":{"type":"object","properties":{"query":{"type":"string"},"limit":{"type":"integer"}},"required":["query"]},"outputSchema":{"type":"object","properties":{"hits":{"type":"array","items":{"type":"object","properties":{"id":{"type":"integer"}},"required":["id"]}}},"required":["hits"]}},{"name":"ping","inputSchema":{"type":"object"}}]}'

case_ "diff: one line per change, exit 1 when something breaks"
run diff '(q :string, limit :int?) -> {items [{id :int}]}' '(q :string, limit :int, lang :string?) -> {items [{id :int?}]}'
expect_rc 1
expect_no_err
expect_out 'limit: :int? -> :int: breaks callers: the parameter became required
lang: (none) -> :string?: compatible: a new optional parameter
(returns).items[].id: :int -> :int?: breaks consumers: the field may now be absent
'

case_ "diff: compatible changes exit 0; no change says so"
run diff '(q :string) -> :int' '(q :string, limit :int = 10) -> :int'
expect_rc 0
expect_out 'limit: (none) -> :int = 10: compatible: a new optional parameter
'
run diff '(q :string) -> :int' '(q :string) -> :int'
expect_rc 0
expect_out 'no changes
'

case_ "diff: tool lists from files, --json"
printf '{"tools":[{"name":"search","inputSchema":{"type":"object","properties":{"q":{"type":"string"},"n":{"type":"integer","maximum":100}},"required":["q"]}},{"name":"ping","inputSchema":{"type":"object"}}]}' >"$TMP/v1.json"
printf '[{"name":"search","input_schema":{"type":"object","properties":{"q":{"type":"string"},"n":{"type":"integer","maximum":50}},"required":["q"]}}]' >"$TMP/v2.json"
run diff "@$TMP/v1.json" "@$TMP/v2.json"
expect_rc 1
expect_out 'search: n: :int[<=100]? -> :int[<=50]?: breaks callers: expected int <= 50, got int 100
ping: removed: breaks callers: the tool was removed
'
run diff "@$TMP/v1.json" "@$TMP/v2.json" --json
expect_rc 1
expect_out_has '{"ok":true,"breaks":true,"changes":[{"tool":"search","path":"n","old":":int[<=100]?","new":":int[<=50]?","effect":"breaks callers","why":"expected int <= 50, got int 100","example":100,'

case_ "diff: a side that is neither is exit 2 with its caret"
run diff '(q :string' '(q :string) -> :any'
expect_rc 2
expect_no_out
expect_err_has 'signature error at 1:11: old: '
run diff '(q :string) -> :any' "@$TMP/v1.json"
expect_rc 2
expect_err_has 'old is a signature and new is a list of tools'

case_ "from-tools: an MCP tools/list result"
run_in "$TOOLS" from-tools
expect_rc 0
expect_no_err
expect_out '## Tools you can call

search(query :string, limit :int?) -> {hits [{id :int}]}
  Search the web.
  Returns hits.

ping() -> :any
'

case_ "from-tools --json"
run_in "$TOOLS" from-tools --json
expect_rc 0
expect_out '[{"name":"search","signature":"(query :string, limit :int?) -> {hits [{id :int}]}","description":"Search the web.\nReturns hits.","warnings":[]},{"name":"ping","signature":":any","description":null,"warnings":[]}]
'

case_ "from-tools: a bare list, a tool that fails, --lossy"
printf '[{"name":"pick","inputSchema":{"type":"object","properties":{"mode":{"type":"string","pattern":"^a"}}}}]' >"$TMP/tools.json"
run from-tools "$TMP/tools.json"
expect_rc 1
expect_no_out
expect_err_has 'error: [0] (pick): #/inputSchema/properties/mode'
run from-tools "$TMP/tools.json" --lossy
expect_rc 0
expect_out_has 'pick(mode :string?) -> :any'
expect_err_has 'warning: pick: #/inputSchema/properties/mode'

case_ "from-tools: a tool without a string name fails, with its index (MCP requires one)"
run_in '[{}]' from-tools
expect_rc 1
expect_no_out
expect_err 'error: [0]: #: expected a string "name", found none
'
run_in '{"tools":[{"name":"a"},{"name":7,"inputSchema":{}}]}' from-tools --lossy --json
expect_rc 1
expect_no_out
expect_err 'error: tools[1]: #/name: expected a string, found a number
'

case_ "from-tools: not a list of tools, bad JSON"
run_in '{"tool":[]}' from-tools
expect_rc 2
expect_err_has 'expected a list of tools'
run_in '{"tools":[}' from-tools
expect_rc 2
expect_err_has 'JSON error at 1:11: '

# ---- tool, tools --------------------------------------------------------------

case_ "tool NAME SIG DESCRIPTION"
run tool search '(query :string, limit :int) -> [{id :int, _score :float}]' $'Search the web.\nFast.'
expect_rc 0
expect_out $'search(query :string, limit :int) -> [{id :int}]\n  Search the web.\n  Fast.\n'
run tool ping ':bool'
expect_out $'ping() -> :bool\n'
printf 'From a file.' >"$TMP/desc.txt"
run tool ping ':bool' "@$TMP/desc.txt"
expect_out $'ping() -> :bool\n  From a file.\n'
run tool ping '(a'
expect_rc 2
expect_err_has 'signature error at 1:3: '

case_ "tool: defaults and descriptions are shown"
run tool search '(query :string "search terms", limit :int[1..100] = 10 "max results") -> [{id :int, _raw :map}]' 'Search.'
expect_rc 0
expect_out $'search(query :string "search terms", limit :int[1..100] = 10 "max results") -> [{id :int}]\n  Search.\n'

case_ "tools: a JSON list"
run_in '[{"name":"get","sig":"(id :int) -> {name :string}","description":"Loads one."},{"name":"ping","sig":":bool"}]' tools
expect_rc 0
expect_out $'## Tools you can call\n\nget(id :int) -> {name :string}\n  Loads one.\n\nping() -> :bool\n'
run_in '[]' tools
expect_rc 0
expect_out $'\n'

case_ "tools: a tool without a signature"
run_in '[{"name":"b","description":"Anything."},{"name":"c","sig":null}]' tools
expect_rc 0
expect_out $'## Tools you can call\n\nb(...) -> :any\n  Anything.\n\nc(...) -> :any\n'

case_ "tools: bad entries"
run_in '[{"name":"a","sig":"(q :string, limit) -> :int"},{"name":"b","sig":5}]' tools
expect_rc 2
expect_no_out
expect_err_has 'error: [1].sig: expected string, got int 5'
run_in '[{"name":"a","sig":"(q :string, limit) -> :int"}]' tools
expect_rc 2
expect_err_has 'error: [0].sig: signature error at 1:18: expected a type after "limit"'
run_in '[{"name":"a",' tools
expect_rc 2
expect_err_has 'JSON error at 1:14: '

# ---- placeholders -------------------------------------------------------------

case_ "placeholders"
run placeholders 'Hi {{user.name}}, top {{limit}}.' '(user {name :string}, limit :int) -> :string'
expect_rc 0
expect_out $'user.name\nlimit\n'
run placeholders 'Hi {{user.email}} {{x}}' '(user {name :string}) -> :string'
expect_rc 1
expect_no_out
expect_err $'{{user.email}}: user has no field email (fields: name)\n{{x}}: no parameter x (parameters: user)\n'
run placeholders 'Hi {{x}}' '(a :int) -> :string' --json
expect_rc 1
expect_out '{"ok":false,"placeholders":["x"],"errors":[{"placeholder":"x","message":"{{x}}: no parameter x (parameters: a)","offset":3}]}
'
printf '{{#items}}{{id}}{{/items}}' >"$TMP/tpl.txt"
run placeholders "@$TMP/tpl.txt" '(items [{id :int}]) -> :string'
expect_rc 0
expect_out $'items\nid\n'
run placeholders 'x' '(a'
expect_rc 2
expect_err_has 'signature error'

case_ "placeholders through unions and * entries"
run placeholders '{{t.phone}} {{h.x-api-key}}' '(t {email :string}|{phone :string}, h {* :string}) -> :any'
expect_rc 0
expect_out $'t.phone\nh.x-api-key\n'
run placeholders '{{t.fax}}' '(t {email :string}|{phone :string}) -> :any'
expect_rc 1
expect_err $'{{t.fax}}: t has no field fax (fields: email, phone)\n'

# ---- redact -------------------------------------------------------------------

case_ "redact"
DATA='{"summary":"s","_raw":[1,2],"rows":[{"-k":1,"v":2}]}'
run_in "$DATA" redact '{summary :string, _raw :any}' --strip
expect_rc 0
expect_out $'{"summary":"s","rows":[{"v":2}]}\n'
run_in "$DATA" redact '{summary :string, _raw :any}' --mask
expect_rc 0
expect_out $'{"summary":"s","_raw":"<Firewalled>","rows":[{"-k":"<Firewalled>","v":2}]}\n'
run_in "$DATA" redact ':any'
expect_usage_error 'give exactly one of --strip and --mask'
run_in "$DATA" redact ':any' --strip --mask
expect_usage_error 'give exactly one of --strip and --mask'
run_in '{"_a":' redact ':any' --strip
expect_rc 2
expect_err_has 'JSON error at 1:7: '

case_ "validate --repair: each repair a warning at its place in the text"
run_in 'Sure:
```json
{id: 1, "tags": ["a",]}
```' validate '{id :int, tags [:string]}' --repair
expect_rc 0
expect_out 'Return validation warnings:
- repaired JSON at 1:1: ignored text before the value
- repaired JSON at 2:1: took the value out of a code fence
- repaired JSON at 3:2: quoted the key id
- repaired JSON at 3:21: removed a trailing comma
'
run_in '{id: 1, "tags": []}' validate '{id :int, tags [:string]}' --no-repair
expect_rc 2
expect_err_has 'JSON error at 1:2: '
run_in '{"id": 1, "tags": [NaN]}' validate '{id :int, tags [:string]}' --repair
expect_rc 2

case_ "validate --stream: a line each time the state changes"
run_in '{"count": 1, "items": []}' validate '{count :int, items [{id :int}]}' --stream
expect_rc 0
expect_out 'complete
'
expect_no_err
run_in '{"count": 1, "items": [{"id": "x"}]}' validate '{count :int, items [{id :int}]}' --stream
expect_rc 1
expect_out 'invalid: items[0].id: expected int, got string "x"
'
run_in '{"count": 1, "items": [' validate '{count :int, items [{id :int}]}' --stream
expect_rc 2
expect_out 'invalid: JSON error at 1:24: expected a JSON value, found end of input
'
run_in '{"count": 1, "items": {}}' validate '{count :int, items [{id :int}]}' --stream --mode warn_only
expect_rc 0
expect_out 'complete
'
run_in '{q: "x", n: "2"}' validate '(q :string, n :int) -> :any' --stream --input
expect_rc 0
expect_out 'complete
'
printf '%s' '{"a": 1}' >"$TMP/a.json"
run validate '{a :int, b :int}' "$TMP/a.json" --stream --mode strict
expect_rc 1
expect_out 'invalid: b: missing required field, expected int
'

case_ "validate --stream: the lines do not depend on where the pieces of the text end"
{ printf '['; for i in $(seq 1 3000); do printf '"caf\u00e9 Ã© %d", ' "$i"; done; printf '"end"]'; } >"$TMP/big.json"
run validate '[:string]' "$TMP/big.json" --stream
expect_rc 0
expect_out 'complete
'
run_in "$(cat "$TMP/big.json") x" validate '[:string]' --stream
expect_rc 2
expect_out_has 'expected end of input, found "x"'

case_ "validate --stream: not with --json"
run_in '[1]' validate '[:int]' --stream --json
expect_usage_error '--stream prints a line per state, not --json'

# ---- infer -----------------------------------------------------------------------------

case_ "infer: the samples of several files"
printf '%s' '{"id": 1, "name": "Ada", "tags": ["x"], "seen": "2026-01-05T10:00:00Z", "score": 1.5}' >"$TMP/s1.json"
printf '%s' '{"id": 2, "name": null, "tags": [], "seen": "2026-01-06T11:00:00Z", "score": 2, "vip": true}' >"$TMP/s2.json"
run infer "$TMP/s1.json" "$TMP/s2.json"
expect_rc 0
expect_no_err
expect_out '{id :int, name :string?, tags [:string], seen :datetime, score :float, vip :bool?}
'

case_ "infer: standard input, - among files"
run_in '[1, "a", null]' infer
expect_rc 0
expect_out '[:string|:int?]
'
run_in '{"id": 3}' infer "$TMP/s1.json" -
expect_rc 0
expect_out '{id :int, name :string?, tags [:string]?, seen :datetime?, score :float?}
'

case_ "infer --each, --lines"
run_in '[{"a": 1}, {"a": 2.5, "b": "x"}]' infer --each
expect_rc 0
expect_out '{a :float, b :string?}
'
run_in $'{"a": 1}\n\n{"b": [1]}\n' infer --lines
expect_rc 0
expect_out '{a :int?, b [:int]?}
'
run_in $'[1, 2]\n["x"]\n' infer --lines --each
expect_rc 0
expect_out ':string|:int
'

case_ "infer --enums"
run_in '[{"state": "open"}, {"state": "closed"}, {"state": "open"}]' infer --each --enums 3
expect_rc 0
expect_out '{state :enum[open closed]}
'
run_in '[{"state": "open"}, {"state": "closed"}, {"state": "open"}]' infer --each
expect_out '{state :string}
'
run_in '[{"state": "open"}, {"state": "closed"}, {"state": "stale"}, {"state": "open"}]' infer --each --enums 2
expect_out '{state :string}
'
run_in '[]' infer --each --enums 0
expect_usage_error '--enums expects a positive integer, got "0"'

case_ "infer: maps keyed by data are records"
run_in '{"rates": {"EUR": 1.1, "USD": 1, "GBP": 0.8}, "by-day": {"2026-01-05": 3}}' infer
expect_rc 0
expect_out '{rates {EUR :float, USD :int, GBP :float}, by-day {* :int}}
'

case_ "infer --json"
run_in '[{"a": null}, {}]' infer --each --json
expect_rc 0
expect_out '{"ok":true,"signature":"{a :any?}"}
'
run_in '{"a": }' infer --json
expect_rc 2
expect_out '{"ok":false,"error":{"code":"TSIG_ERR_JSON","kind":"json_syntax","message":"JSON error at 1:7: expected a JSON value, found \"}\"","line":1,"column":7,"offset":6,"hint":null}}
'

case_ "infer: bad JSON names the file, with line, column and a caret"
printf '%s\n%s\n' '{"id": 1,' '  "name": }' >"$TMP/bad.json"
run infer "$TMP/s1.json" "$TMP/bad.json"
expect_rc 2
expect_no_out
expect_err "$TMP/bad.json"': JSON error at 2:11: expected a JSON value, found "}"
    "name": }
            ^
'
run_in $'{"a": 1}\n{"a": ]\n' infer --lines
expect_rc 2
expect_err 'JSON error at 2:7: expected a JSON value, found "]"
  {"a": ]
        ^
'
run_in '{"a": 1}' infer --each
expect_rc 2
expect_err_has 'JSON error at 1:1: expected a list of samples, found an object'

case_ "infer --json: the file an error is about, when several were read"
run infer "$TMP/s1.json" "$TMP/bad.json" --json
expect_rc 2
expect_out '{"ok":false,"source":"'"$TMP/bad.json"'","error":{"code":"TSIG_ERR_JSON","kind":"json_syntax","message":"JSON error at 2:11: expected a JSON value, found \"}\"","line":2,"column":11,"offset":20,"hint":null}}
'

case_ "infer: nesting a signature cannot hold, no sample, a missing file"
run_in "$(printf '[%.0s' $(seq 65))$(printf ']%.0s' $(seq 65))" infer
expect_rc 2
expect_err_has 'JSON error at 1:65: nesting deeper than 64 levels of "[" and "{", more than a signature can hold'
run_in "$(printf '[%.0s' $(seq 64))$(printf ']%.0s' $(seq 64))" infer
expect_rc 0
run_in '[]' infer --each
expect_rc 2
expect_err 'toolsig infer: no sample to infer from
'
run infer "$TMP/nope.json"
expect_rc 2
expect_err_has 'toolsig infer: cannot open FILE'

case_ "infer: any number of files"
files=()
for i in $(seq 1 40); do printf '{"n%d": %d}' "$((i % 3))" "$i" >"$TMP/many-$i.json"; files+=("$TMP/many-$i.json"); done
run infer "${files[@]}"
expect_rc 0
expect_out '{n1 :int?, n2 :int?, n0 :int?}
'

# ---- the C example of CONTRIBUTING.md -------------------------------------------------

case_ "CONTRIBUTING.md C example compiles and runs"
# CC and TSIG_EMULATOR (words that run a binary of another machine, e.g.
# "qemu-aarch64 -L /usr/aarch64-linux-gnu"): set by ctest when cross-compiled.
CC=${CC:-cc}
read -r -a EMULATOR <<<"${TSIG_EMULATOR:-}"
awk '/^```c$/ { inside = 1; next } /^```$/ { if (inside) exit } inside' "$ROOT/CONTRIBUTING.md" >"$TMP/example.c"
if [ ! -s "$TMP/example.c" ]; then
    bad "CONTRIBUTING.md has no \`\`\`c block"
elif ! "$CC" -std=c11 -Wall -Wextra -Wpedantic -Werror -I"$ROOT/include" -I"$ROOT/src" \
        -I"$ROOT/third_party/cjson" -o "$TMP/example" "$TMP/example.c" "$ROOT"/src/{ground,types,checking,language,conversions,boundary}/*.c \
        "$ROOT/third_party/cjson/cJSON.c" -lm 2>"$TMP/cc.err"; then
    ERR=$(cat "$TMP/cc.err")
    bad "the example does not compile"
else
    ok
    "${EMULATOR[@]}" "$TMP/example" >"$TMP/out" 2>"$TMP/err"
    RC=$?
    slurp OUT "$TMP/out"
    slurp ERR "$TMP/err"
    expect_rc 0
    expect_out 'ok: 1
value: {"id":42,"name":"Alice"}
Tool validation warnings:
- id: coerced string "42" to int
'
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
