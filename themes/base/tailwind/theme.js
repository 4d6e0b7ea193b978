// The part of the Tailwind configuration every utility stylesheet of mdxsite shares: the
// platform's class names, with `primary` as the site's colour and `dark:` following the theme's
// class on <html>. Two users: scripts/tailwind (`make tailwind`), which generates the shipped
// themes/base/static/utilities.css from the classes of the sample site and ../shared/corpus, and
// the build (mdxsite.output.utilities), which generates a site's own when its pages use classes
// that stylesheet lacks.
module.exports = {
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
