"""mdxsite.mdx."""
