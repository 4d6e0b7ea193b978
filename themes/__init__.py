"""Themes: one package per theme, each with theme.json, templates/ and static/."""
