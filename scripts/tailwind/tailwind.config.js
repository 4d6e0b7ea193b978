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
  darkMode: "class",          // the theme puts class="dark" on <html>
  theme: {
    extend: {
      // the platform's `primary` is the site's colour from docs.json, which page.html sets
      // as --primary (/60 opacity modifiers mix it with transparent)
      colors: {
        primary: {
          DEFAULT: "color-mix(in srgb, var(--primary) calc(<alpha-value> * 100%), transparent)",
          light: "color-mix(in srgb, var(--primary-light) calc(<alpha-value> * 100%), transparent)",
          dark: "color-mix(in srgb, var(--primary-dark) calc(<alpha-value> * 100%), transparent)",
        },
      },
    },
  },
  corePlugins: { preflight: false },
};
