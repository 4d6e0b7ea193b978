"""mdxsite: build docs.json + MDX documentation sites into static HTML.

Plugin authors import what they need from here::

    from mdxsite import hookimpl, MdxsiteError, Location
"""

from mdxsite.errors import JsonPath, Location, MdxsiteError, PluginError, Problem, warn
from mdxsite.hookspecs import hookimpl
from mdxsite.model import (Component, Crumb, Dependency, Nav, NavItem, OutputFile, Page,
                           RenderedPage, Setting, Site, SiteConfig)

__all__ = [
    "Component", "Crumb", "Dependency", "JsonPath", "Location", "MdxsiteError", "Nav", "NavItem", "OutputFile", "Page",
    "PluginError", "Problem", "RenderedPage", "Setting", "Site", "SiteConfig", "hookimpl", "warn",
]
__version__ = "0.1.0"
