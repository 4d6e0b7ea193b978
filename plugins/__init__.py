"""Built-in plugins: each registered through the mdxsite.plugins entry-point group."""
