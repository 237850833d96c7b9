"""Safe reading of BattleScribe XML files, plain or zipped.

BattleScribe files are XML: game systems (``.gst``), catalogues (``.cat``) and
rosters (``.ros``); the ``z`` variants (``.gstz``, ``.catz``, ``.rosz``) are
zip archives holding one such XML member.  Parsing goes through
:mod:`defusedxml`, so no entity is ever expanded and no external entity or
DTD is fetched: such a file is refused.  Every failure (unreadable file,
malformed or truncated XML, forbidden entity, a zip without an XML member) is
an :class:`~odds.validation.OddsInputError` whose message starts with the file.

Namespaces differ between file kinds (``.../catalogueSchema``,
``.../gameSystemSchema``, ``.../rosterSchema``); :func:`local` strips them so
the rest of the package works with local element names only.
"""

from __future__ import annotations

import zipfile
from pathlib import Path
from xml.etree.ElementTree import Element, ParseError

import defusedxml
import defusedxml.ElementTree as SafeET

from odds.validation import OddsInputError

__all__ = ["ZIPPED", "describe", "local", "read_xml"]

ZIPPED: dict[str, str] = {".catz": ".cat", ".gstz": ".gst", ".rosz": ".ros"}
"""Zipped suffix → suffix of the XML member it must hold."""


def local(tag: str) -> str:
    """Element tag without its ``{namespace}`` prefix."""
    return tag.rsplit("}", 1)[-1]


def describe(element: Element) -> str:
    """``selectionEntry "Lanceros"``-style label of an element, for messages."""
    name = element.get("name")
    return f'{local(element.tag)} "{name}"' if name is not None else local(element.tag)


def _xml_bytes(path: Path) -> bytes:
    suffix = path.suffix.lower()
    try:
        if suffix not in ZIPPED:
            return path.read_bytes()
        with zipfile.ZipFile(path) as archive:
            wanted = ZIPPED[suffix]
            members = [n for n in archive.namelist() if n.lower().endswith(wanted)]
            if not members:
                raise OddsInputError(
                    f"{path}: zip archive holds no {wanted} member"
                    f" (members: {', '.join(archive.namelist()) or 'none'})"
                )
            return archive.read(members[0])
    except OSError as exc:
        raise OddsInputError(f"{path}: cannot read file ({exc.strerror or exc})") from None
    except zipfile.BadZipFile as exc:
        raise OddsInputError(f"{path}: not a valid zip archive ({exc})") from None


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
    data = _xml_bytes(p)
    try:
        root = SafeET.fromstring(data, forbid_dtd=False, forbid_entities=True,
                                 forbid_external=True)
    except defusedxml.DefusedXmlException as exc:
        raise OddsInputError(
            f"{p}: refused unsafe XML ({type(exc).__name__}: entity declarations and external"
            f" references are not allowed)"
        ) from None
    except ParseError as exc:
        raise OddsInputError(f"{p}: malformed or truncated XML ({exc})") from None
    if expected and local(root.tag) not in expected:
        raise OddsInputError(
            f"{p}: root element is <{local(root.tag)}>, expected one of"
            f" {', '.join(f'<{e}>' for e in expected)}"
        )
    return root
