__version__ = "0.1.0"
"""kirifuda's version, its one source: the wheel's metadata reads it (pyproject.toml, [tool.setuptools.dynamic]) and
``kirifuda --version`` prints it."""
