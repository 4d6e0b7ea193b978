"""mdxsite.openapi."""
