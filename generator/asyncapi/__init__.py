"""AsyncAPI documents (2.x and 3.0): loading, channel pages, rendering."""
