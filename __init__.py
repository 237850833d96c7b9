"""The repository folder of odds, found as ``odds`` by a Python started beside the clone.

When Python starts in the folder that holds a clone named ``odds``, ``import odds`` finds
this folder before the installed package.  Without this file it became a namespace package
and failed later (``FileNotFoundError`` on ``odds/library``); with it, the real package in
``odds/`` (the files an editable install uses) takes this module's place.
"""

import importlib.util as _util
import sys as _sys
from pathlib import Path as _Path

_inner = _Path(__file__).resolve().parent / "odds"
_spec = _util.spec_from_file_location(__name__, _inner / "__init__.py",
                                      submodule_search_locations=[str(_inner)])
if _spec is None or _spec.loader is None:  # pragma: no cover - the clone is incomplete
    raise ImportError(f"odds: no package at {_inner}; run Python inside the clone")
_module = _util.module_from_spec(_spec)
_sys.modules[__name__] = _module
_spec.loader.exec_module(_module)
