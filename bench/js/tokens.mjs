// tokens.mjs: what a tool list costs in a prompt, as toolsig signatures and
// as the JSON Schemas a provider is sent, counted with a real tokenizer.
//
//   node bench/js/tokens.mjs [tools.json]
//
// The tools default to tests/js/fixtures/mcp-tools.json: MCP-style
// definitions in the shape of published servers (filesystem, issue
// tracker, pages with a discriminated union, web search, a SQL database).
// Each tool is counted three ways with gpt-tokenizer's o200k_base encoding
// (GPT-4o and later):
// - json: the tool as a function-calling definition,
//   JSON.stringify({name, description, parameters: inputSchema}) compact,
//   the form providers receive;
// - sig: toolsig's prompt rendering of the imported tool (renderTool, as
//   renderTools lists it under its header: the signature with
//   descriptions and defaults, then the description);
// - sig, no descriptions: the same without parameter descriptions.
// A benchmark, not a test: always exits 0.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { printMachine, printTable, repoRoot } from './harness.mjs';

const { Signature, importTool } = await import(join(repoRoot, 'dist', 'node.mjs'));

const file = process.argv[2] || join(repoRoot, 'tests', 'js', 'fixtures', 'mcp-tools.json');
const { tools } = JSON.parse(readFileSync(file, 'utf8'));

const count = (text) => encode(text).length;
const rows = [];
const total = { json: 0, sig: 0, bare: 0 };
for (const tool of tools) {
  const imported = importTool(tool);
  const json = JSON.stringify({ name: tool.name, description: tool.description, parameters: tool.inputSchema });
  const sig = imported.signature.renderTool(imported.name, imported.description);
  const plain = Signature.parse(imported.signature.format({ descriptions: false }));
  const bare = plain.renderTool(imported.name, imported.description);
  plain.free();
  const t = { json: count(json), sig: count(sig), bare: count(bare) };
  for (const k of Object.keys(total)) total[k] += t[k];
  rows.push([tool.name, String(t.json), String(t.sig), (t.sig / t.json).toFixed(2), String(t.bare)]);
  imported.signature.free();
}
rows.push(['all', String(total.json), String(total.sig), (total.sig / total.json).toFixed(2), String(total.bare)]);
printMachine();
console.log(`tokens (o200k_base) of ${tools.length} tools from ${file.replace(repoRoot + '/', '')}\n`);
printTable(['tool', 'JSON Schema', 'toolsig', 'ratio', 'toolsig, no descriptions'], rows);
