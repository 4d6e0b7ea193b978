"""The assistant: search index, stores, limits, keys, stream encoding, answer backends, the app.

``mdxsite.plugins.assistant`` wires these into the build and ``mdxsite serve``; an operator can
also mount :func:`mdxsite.assistant.app.create_app` in any ASGI application. Needs the
``mdxsite[assistant]`` extra (redis is imported only when a ``redis://`` store is configured).
"""
