// The platform's own parsers behind a JSON-lines pipe, for the parity tests.
// One request per stdin line, one answer per stdout line, in order:
//   {"kind": "mdx", "source": "...", "tree": false}
//       -> {"ok": true, "tree": mdast?} | {"ok": false, "line": L, "column": C, "message": "..."}
//   {"kind": "docs", "config": {...}, "files": {"rel/path.json": "text"}}
//       -> {"ok": bool, "issues": [{"path": [...], "message": "..."}], "error": "..."?}
//   {"kind": "mint", "config": {...}}   (a mint.json, through validateMintConfig)
//       -> {"ok": bool, "issues": [{"path": [...], "message": "..."}]}
//   {"kind": "upgrade", "config": {...}, "options": {...}}
//       -> {"ok": true, "config": {...}} | {"ok": false, "error": "..."}
//   {"kind": "endpoints", "spec": {...}}   (an OpenAPI document as JSON)
//       -> {"ok": true, "operations": [{"method", "path", "parameters": [{name, in, required,
//           type}], "body": [field names], "responses": [codes], "example": value}]}
//       (responses are reduced to their codes first: see codesOnly)
//       each operation through OpenApiToEndpointConverter, the body's example through
//       generateExampleFromSchema, as the platform builds an endpoint page
//   {"kind": "yaml", "text": "..."}   (an OpenAPI document's YAML, read as the validator does)
//       -> {"ok": true, "data": value} | {"ok": false, "line": L, "column": C, "message": "..."}
//       (a date is the ISO string of the Date js-yaml makes)
// MDX is compiled as the platform's @mintlify/mdx does: @mdx-js/mdx 3 with remark-gfm,
// remark-math and remark-frontmatter.
import { createInterface } from "node:readline";
import { createProcessor } from "@mdx-js/mdx";
import remarkFrontmatter from "remark-frontmatter";
import remarkGfm from "remark-gfm";
import remarkMath from "remark-math";
import yaml from "js-yaml";
import { resolveRefs, validateDocsConfig, validateMintConfig, upgradeToDocsConfig, OpenApiToEndpointConverter,
         generateExampleFromSchema } from "@mintlify/validation";

const remarkPlugins = [remarkGfm, remarkMath, [remarkFrontmatter, ["yaml", "toml"]]];
// What `compile` does (one processor per call: createProcessor then process), with one processor
// for every page and the parsed tree kept for a request that asks for it (see keepTree).
const compiler = createProcessor({ remarkPlugins: [...remarkPlugins, keepTree] });

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

// A plugin that wraps the parser: the tree the compile parsed is stripped as it leaves the parser,
// before MDX's own transforms (remark-mark-and-unravel runs ahead of any remark plugin) change
// it. Parsing each page a second time for its tree was half of the corpus parity test's time.
function keepTree() {
  const parse = this.parser;
  this.parser = (doc, file) => {
    const tree = parse(doc, file);
    if (file.data.keepTree) file.data.tree = strip(tree);
    return tree;
  };
}

async function mdx(req) {
  let file;
  try {
    file = await compiler.process({ value: req.source, data: { keepTree: Boolean(req.tree) } });
  } catch (err) {
    const place = err.place?.start ?? err.place ?? {};
    const message = String(err.reason ?? err.message);
    // Some messages (an unclosed tag) carry their place only in the text: "(3:1-3:7)".
    const inText = message.match(/\((\d+):(\d+)(?:-\d+:\d+)?\)/) ?? [];
    return { ok: false, line: err.line ?? place.line ?? (Number(inText[1]) || null),
             column: err.column ?? place.column ?? (Number(inText[2]) || null), message };
  }
  return req.tree ? { ok: true, tree: file.data.tree } : { ok: true };
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

function mint(req) {
  const result = validateMintConfig(req.config);
  return { ok: Boolean(result.success),
           issues: (result.error?.issues ?? []).map(i => ({ path: i.path, message: i.message })) };
}

function upgrade(req) {
  try {
    return { ok: true, config: upgradeToDocsConfig(req.config, req.options ?? {}) };
  } catch (err) {
    return { ok: false, error: String(err.message) };
  }
}

// The converter wants a dereferenced document, as the platform's parser hands it over: local
// $refs replaced by their targets, a cycle kept as a cycle of objects, and keys written beside
// a $ref kept over the target's (the parser copies in only the target keys the object lacks).
function dereference(doc) {
  const seen = new Map();
  const target = ref => ref.slice(2).split("/").map(p => p.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce((o, k) => (o == null ? undefined : o[k]), doc);
  function follow(ref) {
    if (seen.has(ref)) return seen.get(ref);
    const found = target(ref);
    if (found === undefined || Array.isArray(found) || typeof found !== "object") return found;
    const out = {};
    seen.set(ref, out);
    Object.assign(out, walk(found));
    return out;
  }
  function walk(node) {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== "object") return node;
    if (typeof node.$ref === "string" && node.$ref.startsWith("#/")) {
      const resolved = follow(node.$ref);
      const own = Object.keys(node).filter(k => k !== "$ref");
      if (!own.length || !resolved || typeof resolved !== "object") return resolved;
      const merged = { ...resolved };
      for (const k of own) merged[k] = walk(node[k]);
      return merged;
    }
    const out = {};
    for (const [k, v] of Object.entries(node)) out[k] = walk(v);
    return out;
  }
  return walk(doc);
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

// Only the response codes are compared, so each response is reduced to its description before
// the conversion: converting Stripe's response schemas (expandable objects that reach each other)
// took the converter more than 15 minutes; without them its 417 operations take about a second.
function codesOnly(spec) {
  for (const item of Object.values(spec.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method];
      if (!op || typeof op.responses !== "object" || op.responses === null) continue;
      op.responses = Object.fromEntries(Object.keys(op.responses).map(code => [code, { description: "" }]));
    }
  }
  return spec;
}

function endpoints(req) {
  const doc = dereference(codesOnly(req.spec));
  const operations = [];
  const quiet = console.error, log = console.log, warn = console.warn;
  console.error = console.log = console.warn = () => {};  // safeParse reports each schema it gives up on; the answer says enough
  try {
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const method of METHODS) {
        if (!item || !item[method]) continue;
        const one = { method, path };
        try {
          const e = OpenApiToEndpointConverter.convert(doc, path, method, true);
          one.parameters = [];
          for (const [where, group] of Object.entries(e.request.parameters))
            for (const [name, p] of Object.entries(group))
              one.parameters.push({ name, in: where, required: Boolean(p.schema?.[0]?.required),
                                    type: p.schema?.[0]?.type ?? "" });
          const [type] = Object.keys(e.request.body);
          const schema = type ? e.request.body[type].schemaArray?.[0] : undefined;
          // an array body's fields are its items' (mdxsite lists those under the body)
          const fields = schema?.properties ?? schema?.items?.[0]?.properties;
          one.body = fields ? Object.keys(fields) : [];
          one.bodyType = type ?? "";
          one.responses = Object.keys(e.response);
          const examples = type ? Object.values(e.request.body[type].examples ?? {}) : [];
          one.example = examples.length ? examples[0].value
            : (schema ? generateExampleFromSchema(schema) : null);
        } catch (err) {
          one.error = String(err.message).slice(0, 200);
        }
        operations.push(one);
      }
    }
  } finally {
    console.error = quiet; console.log = log; console.warn = warn;
  }
  return { ok: true, operations };
}

async function yamlText(req) {
  try {
    return { ok: true, data: yaml.load(req.text) ?? null };
  } catch (err) {
    const mark = err.mark ?? {};
    return { ok: false, line: (mark.line ?? -1) + 1, column: (mark.column ?? -1) + 1,
             message: String(err.reason ?? err.message) };
  }
}

const handlers = { mdx, docs, mint, upgrade, endpoints, yaml: yamlText };
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
