import { validateDocsConfig } from "@mintlify/validation";
import { readFileSync } from "node:fs";
const cfg = JSON.parse(readFileSync(process.argv[2], "utf8"));
const r = validateDocsConfig(cfg);
const keys = process.argv.slice(3);
console.log(JSON.stringify({success: r.success, error: r.error?.issues ?? r.error, warnings: r.warnings, picked: Object.fromEntries(keys.map(k => [k, r.data?.[k]]))}, null, 1).slice(0, 6000));
