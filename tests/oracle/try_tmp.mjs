import { OpenApiToEndpointConverter, generateExampleFromSchema } from "@mintlify/validation";
import { readFileSync } from "node:fs";
function deref(doc) {
  const done = new Map();
  const target = ref => ref.slice(2).split("/").map(p => p.replace(/~1/g, "/").replace(/~0/g, "~"))
      .reduce((o, k) => (o == null ? undefined : o[k]), doc);
  function walk(node) {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== "object") return node;
    if (typeof node.$ref === "string" && node.$ref.startsWith("#/")) {
      if (done.has(node.$ref)) return done.get(node.$ref);
      const t = target(node.$ref);
      if (t === undefined) return node;
      const out = Array.isArray(t) ? [] : {};
      done.set(node.$ref, out);
      const filled = walk(t);
      if (filled && typeof filled === "object" && !Array.isArray(filled)) Object.assign(out, filled);
      else { done.set(node.$ref, filled); return filled; }
      return out;
    }
    const out = {};
    for (const [k, v] of Object.entries(node)) out[k] = walk(v);
    return out;
  }
  return walk(doc);
}
const doc = deref(JSON.parse(readFileSync(process.argv[2], "utf8")));
const t0 = Date.now(); let n = 0, bad = 0;
for (const [path, item] of Object.entries(doc.paths || {})) for (const m of ["get","put","post","delete","patch","options","head","trace"]) {
  if (!item[m]) continue; n++;
  try { const e = OpenApiToEndpointConverter.convert(doc, path, m, true);
    for (const [code, r] of Object.entries(e.response)) for (const ct of Object.keys(r)) JSON.stringify(generateExampleFromSchema(r[ct].schemaArray[0]));
  } catch (err) { bad++; if (bad < 3) console.log("ERR", path, m, err.message); }
}
console.log(n, bad, Date.now() - t0, "ms");
