"""mdxsite.server."""
