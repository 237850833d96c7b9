"""The package's version (a foundation: the web page and the CLI report it)."""

__version__ = "0.1.0"
