"""Safe reading of BattleScribe XML files, plain or zipped.

BattleScribe files are XML: game systems (``.gst``), catalogues (``.cat``) and
rosters (``.ros``); the ``z`` variants (``.gstz``, ``.catz``, ``.rosz``) are
zip archives holding one such XML member.  Parsing goes through
:mod:`defusedxml`, so no entity is ever expanded and no external entity or
DTD is fetched: such a file is refused.  Every failure (unreadable file,
malformed or truncated XML, forbidden entity, a zip without an XML member) is
an :class:`~odds.validation.OddsInputError` whose message starts with the file.

Limits (the MDNR files are at most 2.4 MB and 23 elements deep): a file or a
zip member of more than :data:`MAX_XML_BYTES`, a zip member inflating more
than :data:`MAX_RATIO` times its compressed size, or elements nested more than
:data:`MAX_DEPTH` deep are refused.  A zip member is decompressed as a stream
and abandoned as soon as it passes a limit: a "zip bomb" costs a fraction of
a second and a few megabytes, never its full size.  Corrupt archives
(bad CRC, unknown compression, encryption) and unknown XML encodings are
errors too.

Namespaces differ between file kinds (``.../catalogueSchema``,
``.../gameSystemSchema``, ``.../rosterSchema``); :func:`local` strips them so
the rest of the package works with local element names only.
"""

from __future__ import annotations

import io
import lzma
import re
import zipfile
import zlib
from pathlib import Path
from xml.etree.ElementTree import Element, ParseError

import defusedxml
import defusedxml.ElementTree as SafeET

from odds.validation import OddsInputError

__all__ = ["MAX_DEPTH", "MAX_RATIO", "MAX_XML_BYTES", "ZIPPED", "describe", "local",
           "peek_root", "read_xml"]

MAX_XML_BYTES = 32 << 20
"""Largest XML read, plain or decompressed (32 MiB; the largest MDNR catalogue is 2.4 MB)."""

MAX_RATIO = 100
"""Largest decompressed / compressed size of a zip member past its first MiB."""

MAX_DEPTH = 100
"""Deepest element nesting accepted (MDNR catalogues: 23)."""

_CHUNK = 1 << 20
_DECLARATION = re.compile(rb"\s*<\?xml[^>]*\?>")
_START_TAG = re.compile(rb"<([A-Za-z_][\w.:-]*)(?:\s[^<>]*)?/?>")

ZIPPED: dict[str, str] = {".catz": ".cat", ".gstz": ".gst", ".rosz": ".ros"}
"""Zipped suffix → suffix of the XML member it must hold."""


def local(tag: str) -> str:
    """Element tag without its ``{namespace}`` prefix."""
    return tag.rsplit("}", 1)[-1]


def describe(element: Element) -> str:
    """``selectionEntry "Lanceros"``-style label of an element, for messages."""
    name = element.get("name")
    return f'{local(element.tag)} "{name}"' if name is not None else local(element.tag)


def _inflate(path: Path, archive: zipfile.ZipFile, info: zipfile.ZipInfo, limit: int) -> bytes:
    """A member's bytes, read in chunks and abandoned past ``limit`` or :data:`MAX_RATIO`."""
    out = io.BytesIO()
    compressed = max(info.compress_size, 1)
    with archive.open(info) as member:
        while chunk := member.read(_CHUNK):
            out.write(chunk)
            size = out.tell()
            if size > limit:
                raise OddsInputError(f"{path}: zip member {info.filename!r} inflates to more than"
                                     f" {limit:,} bytes; refused")
            if size > _CHUNK and size > MAX_RATIO * compressed:
                raise OddsInputError(f"{path}: zip member {info.filename!r} inflates more than"
                                     f" {MAX_RATIO} times its compressed size; refused")
    return out.getvalue()


def _xml_bytes(path: Path, limit: int = MAX_XML_BYTES) -> bytes:
    suffix = path.suffix.lower()
    try:
        if path.is_dir():
            raise OddsInputError(f"{path}: is a directory, not a file")
        if suffix not in ZIPPED:
            with path.open("rb") as fh:
                data = fh.read(limit + 1)
            if len(data) > limit:
                raise OddsInputError(f"{path}: larger than {limit:,} bytes; refused")
            return data
        if path.stat().st_size > MAX_XML_BYTES:
            raise OddsInputError(f"{path}: larger than {MAX_XML_BYTES:,} bytes; refused")
        with zipfile.ZipFile(path) as archive:
            wanted = ZIPPED[suffix]
            members = [i for i in archive.infolist() if i.filename.lower().endswith(wanted)]
            if not members:
                names = [i.filename for i in archive.infolist()[:10]]
                raise OddsInputError(
                    f"{path}: zip archive holds no {wanted} member"
                    f" (members: {', '.join(names) or 'none'})"
                )
            return _inflate(path, archive, members[0], limit)
    except OSError as exc:
        raise OddsInputError(f"{path}: cannot read file ({exc.strerror or exc})") from None
    except (zipfile.BadZipFile, zlib.error, lzma.LZMAError, EOFError, NotImplementedError,
            RuntimeError, ValueError) as exc:
        if isinstance(exc, OddsInputError):
            raise
        raise OddsInputError(f"{path}: not a valid zip archive ({type(exc).__name__}: "
                             f"{exc})") from None


def _check_depth(path: Path, root: Element) -> None:
    stack = [(root, 1)]
    while stack:
        element, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise OddsInputError(f"{path}: elements nested more than {MAX_DEPTH} deep; refused")
        stack.extend((child, depth + 1) for child in element)


def _parse(p: Path, data: bytes) -> Element:
    try:
        return SafeET.fromstring(data, forbid_dtd=False, forbid_entities=True,
                                 forbid_external=True)
    except defusedxml.DefusedXmlException as exc:
        raise OddsInputError(
            f"{p}: refused unsafe XML ({type(exc).__name__}: entity declarations and external"
            f" references are not allowed)"
        ) from None
    except ParseError as exc:
        raise OddsInputError(f"{p}: malformed or truncated XML ({exc})") from None
    except (LookupError, ValueError) as exc:  # encoding="x-bogus" and the like
        raise OddsInputError(f"{p}: unreadable XML ({type(exc).__name__}: {exc})") from None
    except RecursionError:
        raise OddsInputError(f"{p}: elements nested too deeply; refused") from None


def peek_root(path: str | Path, limit: int = 1 << 16) -> Element | None:
    """The root element's tag and attributes, from at most ``limit`` bytes of the file.

    For choosing among files (the game system a catalogue names) without
    reading each one whole.  Returns ``None`` when the start of the file is
    not readable XML.
    """
    p = Path(path)
    try:
        if p.suffix.lower() in ZIPPED:
            with zipfile.ZipFile(p) as archive:
                wanted = ZIPPED[p.suffix.lower()]
                info = next(i for i in archive.infolist() if i.filename.lower().endswith(wanted))
                with archive.open(info) as member:
                    head = member.read(limit)
        else:
            with p.open("rb") as fh:
                head = fh.read(limit)
    except Exception:
        return None
    decl = _DECLARATION.match(head)
    tag = _START_TAG.search(head)
    if tag is None:
        return None
    end = b"" if tag.group(0).endswith(b"/>") else b"</" + tag.group(1) + b">"
    try:
        return _parse(p, (decl.group(0) if decl else b"") + tag.group(0) + end)
    except OddsInputError:
        return None


def read_xml(path: str | Path, *, expected: tuple[str, ...] = ()) -> Element:
    """Parse a BattleScribe file safely and return its root element.

    Parameters
    ----------
    path : str or Path
        A ``.gst``/``.cat``/``.ros`` file or its zipped ``z`` variant.
    expected : tuple of str, optional
        Local names allowed for the root element (e.g. ``("catalogue",
        "gameSystem")``); empty = any.

    Returns
    -------
    xml.etree.ElementTree.Element

    Raises
    ------
    OddsInputError
        ``"<path>: ..."`` when the file cannot be read, is not well-formed
        (with line and column), uses entities or DTDs, or has an unexpected
        root element.
    """
    p = Path(path)
    root = _parse(p, _xml_bytes(p))
    _check_depth(p, root)
    if expected and local(root.tag) not in expected:
        raise OddsInputError(
            f"{p}: root element is <{local(root.tag)}>, expected one of"
            f" {', '.join(f'<{e}>' for e in expected)}"
        )
    return root
