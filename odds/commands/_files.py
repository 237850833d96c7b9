"""Output files of the CLI: the ``--plot`` path, checked before any simulation.

A plot is written to exactly the file named, or not at all:

* the name must be non-empty, not a directory, and end in an extension
  matplotlib writes without extra software (:data:`PLOT_FORMATS`);
* its directory must exist and accept a new file (tested by creating and
  removing an empty temporary file there), and an existing file of that name
  must be a regular, writable file (so ``/dev/full`` is refused);
* the figure goes to a temporary file in that directory, renamed over the
  target once complete, so a failure leaves nothing on disk.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from odds.validation import OddsInputError

PLOT_FORMATS: tuple[str, ...] = ("png", "pdf", "svg", "svgz", "eps", "ps", "jpg", "jpeg",
                                 "tif", "tiff", "webp")
"""File extensions accepted by ``--plot`` (matplotlib's Agg formats; PGF needs LaTeX)."""


def check_plot_path(path: str) -> Path:
    """Refuse a ``--plot`` path that cannot receive exactly that file.

    Parameters
    ----------
    path : str
        The path given on the command line.

    Returns
    -------
    pathlib.Path

    Raises
    ------
    OddsInputError
        ``plot: ...`` naming what is wrong: empty name, a directory, an
        unsupported extension, a missing or unwritable directory, or an
        existing target that is not a writable regular file.
    """
    allowed = ", ".join(f".{e}" for e in PLOT_FORMATS)
    if not path or not path.strip():
        raise OddsInputError(f"plot: give a file name ending in one of {allowed} (got {path!r})")
    if "\x00" in path:
        raise OddsInputError(f"plot: a file name cannot hold a NUL byte (got {path!r})")
    try:
        return _checked_path(path, allowed)
    except OSError as exc:  # e.g. a name longer than the file system allows
        raise OddsInputError(f"plot: cannot use {path!r} as a file name "
                             f"({exc.strerror or exc})") from None


def _checked_path(path: str, allowed: str) -> Path:
    """The checks of :func:`check_plot_path` that ask the file system (may raise OSError)."""
    p = Path(path)
    if path.endswith(("/", os.sep)) or p.is_dir():
        raise OddsInputError(f"plot: {path!r} is a directory; give a file name such as "
                             "odds.png")
    ext = p.suffix.lower().lstrip(".")
    if ext not in PLOT_FORMATS:
        raise OddsInputError(f"plot: {path!r} must end in one of {allowed}")
    parent = p.parent
    if not parent.is_dir():
        raise OddsInputError(f"plot: directory {str(parent)!r} does not exist")
    if p.exists() or p.is_symlink():
        if not p.is_file():
            raise OddsInputError(f"plot: {path!r} exists and is not a regular file")
        if not os.access(p, os.W_OK):
            raise OddsInputError(f"plot: {path!r} exists and is not writable")
    try:
        fd, probe = tempfile.mkstemp(dir=parent, prefix=".odds-", suffix=".probe")
    except OSError as exc:
        raise OddsInputError(f"plot: cannot write in directory {str(parent)!r} "
                             f"({exc.strerror or exc})") from None
    os.close(fd)
    os.unlink(probe)
    return p


def write_figure(fig: Any, path: str, dpi: int = 120) -> None:
    """Write ``fig`` to exactly ``path`` (checked first), through a temporary file.

    Raises
    ------
    OddsInputError
        The path is refused (:func:`check_plot_path`) or the write fails
        (disk full, permissions changed); no file is left behind.
    """
    p = check_plot_path(path)
    ext = p.suffix.lower().lstrip(".")
    fd, tmp = tempfile.mkstemp(dir=p.parent, prefix=".odds-", suffix=f".{ext}")
    os.close(fd)
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # as an ordinary new file, not mkstemp's 0600
        fig.savefig(tmp, dpi=dpi, format=ext)
        os.replace(tmp, p)
    except OSError as exc:
        raise OddsInputError(f"plot: cannot write {path!r} ({exc.strerror or exc})") from None
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
