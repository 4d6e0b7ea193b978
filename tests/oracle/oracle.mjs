// The platform's own parsers behind a JSON-lines pipe, for the parity tests.
// One request per stdin line, one answer per stdout line, in order:
//   {"kind": "mdx", "source": "...", "tree": false}
//       -> {"ok": true, "tree": mdast?} | {"ok": false, "line": L, "column": C, "message": "..."}
//   {"kind": "docs", "config": {...}, "files": {"rel/path.json": "text"}}
//       -> {"ok": bool, "issues": [{"path": [...], "message": "..."}], "error": "..."?}
//   {"kind": "upgrade", "config": {...}, "options": {...}}
//       -> {"ok": true, "config": {...}} | {"ok": false, "error": "..."}
// MDX is compiled as the platform's @mintlify/mdx does: @mdx-js/mdx 3 with remark-gfm,
// remark-math and remark-frontmatter.
import { createInterface } from "node:readline";
import { compile, createProcessor } from "@mdx-js/mdx";
import remarkFrontmatter from "remark-frontmatter";
import remarkGfm from "remark-gfm";
import remarkMath from "remark-math";
import { resolveRefs, validateDocsConfig, upgradeToDocsConfig } from "@mintlify/validation";

const remarkPlugins = [remarkGfm, remarkMath, [remarkFrontmatter, ["yaml", "toml"]]];
const parser = createProcessor({ remarkPlugins });

function strip(node) {
  // Positions are kept as start line/column only; the Python side compares structure.
  const out = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === "position") { out.line = v?.start?.line; continue; }
    if (k === "data") continue;
    if (k === "children") { out.children = v.map(strip); continue; }
    if (k === "attributes") {
      out.attributes = v.map(a => a.type === "mdxJsxAttribute"
        ? { name: a.name, value: (a.value && typeof a.value === "object") ? { expression: a.value.value } : a.value }
        : { spread: a.value });
      continue;
    }
    out[k] = v;
  }
  return out;
}

async function mdx(req) {
  try {
    await compile(req.source, { remarkPlugins });
  } catch (err) {
    const place = err.place?.start ?? err.place ?? {};
    const message = String(err.reason ?? err.message);
    // Some messages (an unclosed tag) carry their place only in the text: "(3:1-3:7)".
    const inText = message.match(/\((\d+):(\d+)(?:-\d+:\d+)?\)/) ?? [];
    return { ok: false, line: err.line ?? place.line ?? (Number(inText[1]) || null),
             column: err.column ?? place.column ?? (Number(inText[2]) || null), message };
  }
  return req.tree ? { ok: true, tree: strip(parser.parse(req.source)) } : { ok: true };
}

async function docs(req) {
  const files = req.files ?? {};
  let resolved;
  try {
    resolved = (await resolveRefs(req.config, async p => {
      if (!(p in files)) throw new Error(`no such file ${p}`);
      return files[p];
    })).resolved;
  } catch (err) {
    return { ok: false, issues: [], error: String(err.message) };
  }
  const result = validateDocsConfig(resolved);
  if (result.success) return { ok: true, issues: [] };
  return { ok: false, issues: (result.error?.issues ?? []).map(i => ({ path: i.path, message: i.message })) };
}

function upgrade(req) {
  try {
    return { ok: true, config: upgradeToDocsConfig(req.config, req.options ?? {}) };
  } catch (err) {
    return { ok: false, error: String(err.message) };
  }
}

const handlers = { mdx, docs, upgrade };
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (!line.trim()) continue;
  let answer;
  try {
    const req = JSON.parse(line);
    answer = await handlers[req.kind](req);
  } catch (err) {
    answer = { ok: false, error: `oracle failure: ${err.message}` };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
