"""Reinos del Caos Bestias (Gorgona) "Engullir entero" (``swallow_whole``,
:data:`odds.special_rules.chaos_monsters.SWALLOW_WHOLE`).

``MDNR_Reinos_del_Caos_Bestias_v5.cat``, entry "Gorgona", rule "Engullir entero": "La Gorgona
puede renunciar a todos sus ataques para hacer un único ataque con Iniciativa 1. Si este único
ataque impacta, haz la tirada para herir teniendo en cuenta que se resuelve con un Golpe Letal,
pero el Golpe Letal actuará con un 4+ en vez de sólo con un 6. Si consigue Engullir entera a
una miniatura enemiga, recupera 1D3 heridas sufridas anteriormente (no puede tener más de 6
Heridas). Las heridas recuperadas no se cuentan para la resolución de combate, únicamente las
que queden hechas al final (de la misma forma que ocurre con la Regeneración".
"""

from __future__ import annotations

import pytest
from conftest import cat, check_kernel_first_round, clean, infantry, kinds, needs_data

from odds.combat.exact import first_round_exact
from odds.combat.model import FRONT, CombatOptions, build_units, plain_pair
from odds.units import unit_from_dict
from odds.validation import OddsInputError

BEASTS = ("MDNR_Reinos_del_Caos_Bestias_v5.cat",
          "MDNR_Reinos_del_Caos_Bestias_con_Personajes_Especiales_v1.cat")


def _gorgon(*, S: int = 5, models: int = 1, special=("swallow_whole",)):
    """A WS3 T3 W6 I3 A5 one-model monster with no save, immune to psychology."""
    return unit_from_dict({
        "name": "Gorgona", "troop_type": "monster", "models": models, "files": 1,
        "profile": {"M": 18, "WS": 3, "BS": 0, "S": S, "T": 3, "W": 6, "I": 3, "A": 5,
                    "Ld": 9},
        "rules": {"special": ["immune_to_psychology", "unbreakable", *special]},
    })


def _fight(side0, side1):
    """``side0`` against ``side1`` front to front, neither charging: one round."""
    return build_units([side0, side1], [0, 1], [(0, 1, FRONT, FRONT)], [False, False],
                       [None, None], CombatOptions(max_rounds=1))


def _man(A: int = 1, I: int = 1):  # noqa: E741
    """One WS3 S3 T3 W2 infantry model, no save, immune to psychology."""
    return infantry("Campeón", 1, 1, W=2, A=A, I=I, special=["immune_to_psychology",
                                                            "unbreakable"])


def test_one_attack_that_slays_on_a_four():
    """The swallowing Gorgona (S5) strikes one attack instead of five: 4+ to hit (WS3 against
    WS3, RULES.md §1.3); a to-wound roll of 2 or 3 wounds the W2 model once (S5 against T3
    needs 2+, §1.4; no save), of 4+ slays it outright as a killing blow (§1.6): two wounds.
    Its first-round wounds: 0 with 1/2 + 1/12, 1 with 1/6, 2 with 1/4."""
    check_kernel_first_round(_fight(_gorgon(), _man()), [7 / 12, 1 / 6, 1 / 4], 4201,
                             "swallow")


def test_swallowed_wounds_come_back_and_leave_the_enemy_result():
    """The model (side 0) strikes first (I5) two attacks on the Gorgona: 4+ and 4+ (S3 against
    T3), L ~ Binomial(2, 1/4) wounds.  The Gorgona then swallows it with probability 1/4 (a hit
    on 4+ and a to-wound roll of 4+) and gets min(D3, L) wounds back, all of this phase: the
    model's side keeps L less those.  So 1 is kept when L is 1 and no swallow, or L is 2, a
    swallow and a D3 of 1; 2 when L is 2 and no swallow."""
    p_l = [9 / 16, 6 / 16, 1 / 16]
    one = 3 / 4 * p_l[1] + 1 / 4 * p_l[2] / 3
    two = 3 / 4 * p_l[2]
    check_kernel_first_round(_fight(_man(A=2, I=5), _gorgon()), [1 - one - two, one, two],
                             4202, "refund")


def test_no_killing_blow_against_a_monster():
    """Against a monster (not man-sized: gst "Golpe letal") the one attack wounds as any: 4+
    to hit, 2+ to wound (S5 against T3), one wound: Binomial(1, 5/12)."""
    check_kernel_first_round(_fight(_gorgon(), _gorgon(S=3, special=())), [7 / 12, 5 / 12],
                             4203, "monster")


def test_swallow_refuses_the_exact_round_and_several_models():
    """The exact first round has no law of the wounds back: it refuses the combat; the plain-
    pair kernel leaves the rule out; a unit of several models is refused."""
    model = _fight(_gorgon(), _man())
    assert first_round_exact(model) is None
    assert not plain_pair(model)
    with pytest.raises(OddsInputError, match="swallow_whole"):
        _fight(_gorgon(models=2), _man())


@needs_data
@pytest.mark.parametrize("book", BEASTS)
def test_the_gorgon_imports_the_choice_as_a_note(book):
    """Each Bestias book's "Gorgona" imports "Engullir entero" as a note (its player's choice,
    the flag off: it fights with its attacks), and the entry is fully modelled."""
    catalogue = cat(book)
    entry = next(e for e in catalogue.entries if e.name == "Gorgona")
    assert "swallow_whole" not in entry.default_unit.special
    assert kinds(catalogue, "Gorgona")["Engullir entero"] == "note"
    assert clean(catalogue, "Gorgona")
