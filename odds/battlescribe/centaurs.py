"""Centaurs: cavalry with no steed profile, whose hooves fight as a steed.

What a unit's centaur rules say (:func:`_centaur_of`); the builder makes the unit cavalry
(:mod:`odds.battlescribe.troop_type`), its hooves a steed of the model's own WS, S and I
(:meth:`~odds.battlescribe.mounts._Mounts.hooves`) and its save an infantry model's
(:mod:`odds.battlescribe.saves`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from odds.battlescribe.spelling import normalize, plain_text

_PAREN_ATTACKS = re.compile(r"^\s*(\d+)\s*\(\s*\+\s*(\d+)\s*\)\s*$")


@dataclass(frozen=True, slots=True)
class _Centaur:
    """What a centaur rule of the unit says (see :func:`_centaur_of`)."""

    rules: tuple[str, ...]  # the rule names it accounts for
    hooves: str  # "paren": the A in parentheses; "one": one of the A; "": none
    special: tuple[str, ...] = ()  # further flags ("inmunes a Golpe Letal")


def _centaur_of(texts: dict[str, str]) -> _Centaur | None:
    """The centaur rules among a unit's rules (name → description), or None.

    MDNR Reinos del Caos "Centauro": "Los Centauros son Caballería a todos los
    efectos ... salvo que no tienen perfil de montura, no tienen TSA+1 por
    caballería, y usan las reglas de armas a dos manos, dos armas de mano o arma de
    mano y escudo como si fueran infantería"; "Arrollar": "un ataque adicional
    (mostrado entre paréntesis en el perfil) que no se ve afectado por los
    bonificadores o las penalizaciones de las armas".  Enanos del Caos "Centauro
    menor": the same, and "Uno de los ataques del Centauro menor lo hace con sus
    patas ... usando su atributo de Fuerza sin tener en cuenta armas o equipo".
    Regimientos de Renombre (Toxote) "Centauro": "no tienen el ataque de pezuñas".
    """
    found: list[str] = []
    hooves = ""
    special: tuple[str, ...] = ()
    for name, text in texts.items():
        key, plain = normalize(name), plain_text(text or "")
        if key in ("centauro", "centauro menor") and (
                "no tienen perfil de montura" in plain
                or "no tienen el +1 a la armadura por ir montados" in plain):
            found.append(name)
            if "lo hace con sus patas" in plain:
                hooves = "one"
            if "no tienen el ataque de pezunas" in plain:
                hooves = "none"
            if "inmunes a golpe letal" in plain:
                special = ("immune_to_killing_blow",)
        elif key == "arrollar" and "ataque adicional (mostrado entre parentesis" in plain:
            found.append(name)
            hooves = hooves or "paren"
    if not any(normalize(n) != "arrollar" for n in found):
        return None
    return _Centaur(tuple(found), "" if hooves == "none" else hooves, special)
