"""Steeds and crews: the profiles the unit fights with, its steeds, and its crew per model.

A chariot's or war machine's profile takes its crew's characteristics with its own T
and W and its steeds' M; a rider moves at his steed's M.  The steeds fight as the unit's
:class:`~odds.units.MountProfile` (a chariot's count from the data, a centaur's hooves, a
chariot that fights with its own body as its one beast), with the steeds' own rules,
charge bonuses and random attacks.
"""

from __future__ import annotations

from odds import rules
from odds.battlescribe.centaurs import _PAREN_ATTACKS
from odds.battlescribe.profiles import _Profiles
from odds.battlescribe.rule_names import parametric_rule
from odds.battlescribe.tree import RawProfile
from odds.units import MountProfile, Profile

# Demonios "Cañón de cráneos" ("Carro, furia asesina y frontal"): "Ten en cuenta que el Cañón
# sólo ataca por su frontal, como si fuera una bestia de tiro": the chariot's own body fights
_BODY_AS_BEAST = "como si fuera una bestia de tiro"
_CHARIOT_CREW = 2
_CHARIOT_STEEDS = 2
_WAR_MACHINE_CREW = 3


class _Mounts(_Profiles):
    """The unit's fighting profiles, steeds and crew count, and the steeds' own rules."""

    def hooves(self, main: RawProfile, champion_raw: RawProfile | None, profile: Profile,
               champion: Profile | None) -> tuple[Profile, Profile | None, MountProfile]:
        """A centaur's hooves as a steed with the model's WS, S and I.

        ``paren``: the steed has the attacks in parentheses (``"1(+1)"``); ``one``:
        one of the model's attacks (rank and file and champion) is the steed's (see
        :func:`~odds.battlescribe.centaurs._centaur_of`).
        """
        assert self.centaur is not None
        if self.centaur.hooves == "paren":
            m = _PAREN_ATTACKS.match(main.values.get("A") or "")
            extra = int(m.group(2)) if m else 0
            if not m:
                self.note(f"{main.name} A", "approximated", "no attack in parentheses for the"
                          " hooves (Arrollar); 1 used")
                extra = 1
            if champion_raw is not None:
                c = _PAREN_ATTACKS.match(champion_raw.values.get("A") or "")
                if c and int(c.group(2)) != extra:
                    self.note(f"{champion_raw.name} A", "approximated", "the champion's hooves"
                              " differ from the rank and file's; theirs used")
        else:
            extra = 1
            profile = profile.replace(A=max(0, profile.A - 1))
            if champion is not None:
                champion = champion.replace(A=max(0, champion.A - 1))
        mount = MountProfile(WS=profile.WS, S=profile.S, I=profile.I, A=extra)
        return profile, champion, mount

    def steed_random_attacks(self, extra: dict[str, object],
                             mount: MountProfile | None) -> MountProfile | None:
        """The steeds' random attacks from the dice printed as their A (:attr:`steed_dice`).

        MDNR gst "Ataques aleatorios (X)" on the steeds' entry (Condes Vampiro "Horda de
        espíritus" A "1D6", with the rule "Ataques aleatorios (1D6)", pulling the "Trono del
        aquelarre" and the "Sagrario mortis"): the steeds' attacks are that roll, one roll per
        unit each round (:attr:`odds.units.MountProfile.random_attacks`).  Other dice than
        the rule's, dice printed for the unit's own models too, or no steeds fighting: the
        average, approximated, as before.
        """
        assert self.steed_dice is not None
        item, expr, note = self.steed_dice
        rolled = str(extra.get("random_attacks") or "")
        if (mount is None or self.dice_attacks or rolled not in ("", expr)
                or expr not in rules.RANDOM_ATTACKS):
            self.note(item, "approximated", note)
            return mount
        extra.pop("random_attacks", None)
        for name in self.rule_names():
            if (parametric_rule(name) or ("",))[0] == "random_attacks":
                self.note(name, "note", f"the steeds' random attacks: {expr.upper()}, rolled"
                          " once each combat round")
                break
        self.note(item, "note", f"the steeds' random attacks ({expr.upper()}): rolled each"
                  " round, not their average")
        return mount.replace(random_attacks=expr)
