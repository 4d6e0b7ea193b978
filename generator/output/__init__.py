"""mdxsite.output."""
