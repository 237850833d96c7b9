"""How the CLI runs a command: every input checked first, then all or nothing.

* Bad options are one line on stderr (``odds charge: error: ...``), exit 2,
  never argparse's multi-line usage block.
* ``--plot`` is checked before any simulation (:mod:`odds.commands._files`).
* A command's output is held until it has finished: an error leaves nothing
  on stdout (and, the plot being written last through a temporary file,
  nothing on disk).  ``odds demo`` streams its sections instead.
* Text reaching the terminal has its control characters escaped (a unit
  whose name holds ESC [2J prints that as text, it does not clear the screen).
* Anything unexpected is still one line (exit 1, "internal error"); set
  ``ODDS_TRACEBACK=1`` to see the traceback.
* ``ODDS_TRIALS=N`` replaces every command's trial count (for quick checks
  of documented commands, such as the README test).
"""

from __future__ import annotations

import argparse
import io
import os
import re
import sys
from collections.abc import Callable
from typing import NoReturn, TextIO

from odds.validation import OddsInputError

TRIALS_ENV = "ODDS_TRIALS"
"""Environment variable that replaces every command's ``--trials``."""

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    r"""``text`` with control and bidi-override characters escaped (``\x1b`` -> ``\\x1b``).

    Newlines and tabs are kept.
    """
    return _CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


def one_line(text: str) -> str:
    """``text`` made printable, on one line."""
    return printable(" ".join(str(text).split()))


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line: ``odds X: error: ... (see --help)``."""

    lang: str = "en"
    """The language of the error line (set by :func:`odds.cli.build_parser`)."""

    def error(self, message: str) -> NoReturn:
        """Print one line on stderr and exit 2."""
        from odds.i18n import error_text

        line = error_text(f"error: {one_line(message)} (see '{self.prog} --help')", self.lang)
        sys.stderr.write(f"{self.prog}: {line}\n")
        raise SystemExit(2)

    def format_usage(self) -> str:
        """The usage line, its prefix in :attr:`lang`."""
        return self._in_lang(super().format_usage())

    def format_help(self) -> str:
        """The whole help, its usage prefix in :attr:`lang`."""
        return self._in_lang(super().format_help())

    def _in_lang(self, text: str) -> str:
        if self.lang != "es" or not text.startswith("usage: "):
            return text
        from odds.help_es import SECTION_TITLES_ES

        return SECTION_TITLES_ES["usage: "] + text.removeprefix("usage: ")


def _trials_override(args: argparse.Namespace) -> None:
    text = os.environ.get(TRIALS_ENV)
    if text is None or not hasattr(args, "trials"):
        return
    t = text.strip().replace("_", "")
    if not re.fullmatch(r"[0-9]{1,11}", t) or not 1 <= int(t) <= 10**10:
        raise OddsInputError(f"{TRIALS_ENV}: must be an integer in [1, 10000000000] "
                             f"(got {text!r})")
    args.trials = int(t)


def _check_inputs(args: argparse.Namespace) -> None:
    _trials_override(args)
    if getattr(args, "plot", None) is not None:
        from odds.commands._files import check_plot_path

        check_plot_path(args.plot)


def run_command(args: argparse.Namespace, func: Callable[[argparse.Namespace], int | None],
                stdout: TextIO | None = None) -> int:
    """Run ``func(args)`` under the CLI's guarantees (see the module notes); the exit code."""
    from odds import _jit
    from odds.i18n import compile_notice_words, default_lang

    out = stdout if stdout is not None else sys.stdout
    name = getattr(args, "command", "odds")
    lang = str(getattr(args, "lang", None) or default_lang())
    stream = bool(getattr(args, "stream_output", False))
    buffer = _Printable(out) if stream else io.StringIO()
    saved = sys.stdout
    try:
        _check_inputs(args)
        sys.stdout = buffer
        _jit.notice_words(compile_notice_words(lang))
        try:
            code = int(func(args) or 0)
        finally:
            sys.stdout = saved
            _jit.notice_words(None)
    except OddsInputError as exc:
        _fail(name, f"error: {exc}", lang)
        return 2
    except MemoryError:
        _fail(name, "error: out of memory (try fewer --trials or smaller units)", lang)
        return 2
    except RecursionError:
        _fail(name, "error: input nested too deeply", lang)
        return 2
    except BrokenPipeError:  # output piped into `head` and the like
        return _broken_pipe()
    except KeyboardInterrupt:
        _fail(name, "interrupted", lang)
        return 130
    except Exception as exc:
        if os.environ.get("ODDS_TRACEBACK"):
            raise
        _fail(name, f"internal error: {type(exc).__name__}: {exc} (please report it; "
              "ODDS_TRACEBACK=1 shows the traceback)", lang)
        return 1
    if not stream:
        try:
            out.write(printable(buffer.getvalue()))
            out.flush()
        except BrokenPipeError:
            return _broken_pipe()
    return code


def _fail(name: str, message: str, lang: str = "en") -> None:
    from odds.i18n import error_text

    sys.stderr.write(f"odds {name}: {error_text(one_line(message), lang)}\n")


def _broken_pipe() -> int:
    try:  # Python's recipe: the flush at exit goes to /dev/null, not to the closed pipe
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, io.UnsupportedOperation):
        pass
    return 0


class _Printable(io.TextIOBase):
    """A text stream that escapes control characters on their way to ``target``."""

    def __init__(self, target: TextIO) -> None:
        self._target = target

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self._target.write(printable(text))
        return len(text)

    def flush(self) -> None:
        self._target.flush()
