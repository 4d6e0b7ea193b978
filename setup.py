"""Maps the repository's folders onto the one installed package, mdxsite."""
from setuptools import find_namespace_packages, setup

FOLDERS = {"mdxsite": "generator", "mdxsite.plugins": "plugins", "mdxsite.themes": "themes"}


def packages_in(name: str, folder: str) -> list[str]:
    found = find_namespace_packages(folder, exclude=["*__pycache__*", "node_modules*", "*.node_modules*"])
    return [name, *(f"{name}.{sub}" for sub in found)]


setup(package_dir=FOLDERS,
      packages=[p for name, folder in FOLDERS.items() for p in packages_in(name, folder)])
