// The utility classes docs pages put in className="…" (Tailwind names, as on the hosted
// platform), generated into themes/base/static/utilities.css by `make tailwind`.
//
// Content: the real sites in ../shared/corpus and our sample site. Only the values of class
// and className attributes outside fenced code are read, not the prose: Tailwind's default
// extractor would take words such as "hidden", "table" or "container" from the text (and
// code samples) and generate rules nobody's page uses.

const CLASS_ATTR = /\bclass(?:Name)?\s*=\s*(?:"([^"]*)"|'([^']*)'|\{\s*(?:`([^`]*)`|"([^"]*)"|'([^']*)')\s*\})/g;

const FENCE = /^[ \t]*(`{3,}|~{3,})[^\n]*\n[\s\S]*?^[ \t]*\1[ \t]*$/gm;

function classesIn(content) {
  const found = [];
  for (const m of content.replace(FENCE, "").matchAll(CLASS_ATTR)) {
    const value = (m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? "").replace(/\$\{[^}]*\}/g, " ");
    found.push(...value.split(/\s+/).filter(Boolean));
  }
  return found;
}

module.exports = {
  content: {
    relative: true,
    files: [
      "../../../shared/corpus/**/*.{mdx,md}",
      "../../sample_site/**/*.{mdx,md}",
    ],
    extract: { mdx: classesIn, md: classesIn },
  },
  ...require("../../themes/base/tailwind/theme.js"),
};
