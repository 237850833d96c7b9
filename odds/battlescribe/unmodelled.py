"""Why some rules and profiles stay ``ignored``: the reasons the import report gives.

Instead of "rule not modelled by the engine" (:data:`UNMODELLED_REASONS`) or "second model
profile in the unit" (:data:`SECOND_PROFILE_REASONS`), read in each unit's texts.
"""

from __future__ import annotations

from types import MappingProxyType

from odds.battlescribe.spelling import name_table

__all__ = [
    "SECOND_PROFILE_REASONS",
    "UNMODELLED_REASONS",
]


_PALANQUIN = ("a Herald's mount printed as a unit entry (no T, W or L of its own: 'trata la"
             " miniatura igual que si fuera una montura de caballería', a +2 save for the"
             " Herald, 4 attacks of its own, infantry of Potencia 4 +1): no rider in the entry"
             " to fight it with, and the engine's characters ride cavalry steeds or monsters"
             " only")
SECOND_PROFILE_REASONS: MappingProxyType = name_table({
    # Reinos del Caos (Bestias, Demonios, Mortales) "Manada de bestias (mixta)": "Cada
    # manada mixta debe ser de al menos 5 Gor y al menos 5 Ungor"; "La manada cargando":
    # "coloca el grupo de mando y personajes delante, luego los gors, y luego los ungors",
    # "los ungors se esconden tras sus hermanos mayores y hostigan al enemigo con sus lanzas";
    # "La manada en combate": "el enemigo puede elegir ... a cuál de las miniaturas en
    # contacto peana con peana quiere atacar, sean personajes, Gors o Ungors"
    "Ungor": "the Ungors (HA3 R3, hand weapon or spear) stand behind the Gors (HA4 R4): the"
             " enemy strikes the Gors in contact (their T and save) until they are gone, then"
             " Ungors (T3), and Ungors with spears strike from the second rank with their own"
             " WS while Gors hold the front: the unit's T, save and fighters change as the Gors"
             " die, and the kernel keeps one rank-and-file profile per unit (it would need a"
             " state of its own): not modelled",
    # Regimientos de Renombre "Monturas Infernales de Toxote": "Kylist base" and "Kylist
    # extra" (HA4 F4 L7, "Alabarda" or "Arma de mano") among the "Cabrones" (HA3 F3, "Arma a
    # dos manos" or "Arma de mano"); no rule of the regiment says where the Kylists stand or
    # from whom casualties are taken
    "Kylist": "Kylists (HA4 F4, halberd) among the Cabrones (HA3 F3, great weapon): the data"
              " do not say where they stand in the unit nor from whom casualties are taken,"
              " and the kernel keeps one rank-and-file profile per unit: not modelled (the"
              " Kylists fight as Cabrones)",
})
"""Why a unit's second rank-and-file profile is left ignored, read from its unit's texts."""
UNMODELLED_REASONS: MappingProxyType = name_table({
    "El tanque en combate": "attacks on the tank roll to hit only to split soft and hard hits"
                            " against Puntos de estructura: a damage model of its own, not"
                            " modelled by the engine",
    "Puntos de estructura": "25 structure points lost by 1D6 + S - 8 (soft) or - 10 (hard) per"
                            " hit instead of wounds: not modelled by the engine",
    "Puntos de vapor": "the steam points spent each turn (Embestida, shooting) are a player's"
                       " choice: not modelled by the engine",
    "Embestida": "1D3 hits a turn for a steam point while engaged: not modelled by the engine",
    "Impactos por carga enemiga al tanque": "impact hits split into soft and hard hits, 1D6 S6"
                                            " back on the models causing them: not modelled",
    "Torbellino de muerte": "one S5 hit on every enemy model in contact and 4+ on those next to"
                            " them, then -1 to hit: needs the models around each slayer, not"
                            " modelled by the engine",
    # Reinos del Caos and Monstruos Arcanos rules the engine cannot express yet
    # Reinos del Caos Mortales "Mamut" (chaos family), and Imperio "Tanque de vapor" for the
    # name they share: "Ataques del mamut": "el jugador que controla el mamut, puede elegir
    # uno de los siguientes ataques especiales ... Pisotear y aplastar ... 1D6+1 impactos de
    # Fuerza 10 ... Coger y... lanza 1D6 ... Bramar ... gana automáticamente el combate de 1
    # punto"; "Combate cuerpo a cuerpo": "el enemigo no puede designar ataques a las
    # miniaturas situadas en [la howdah] ... La excepción son las miniaturas con la regla
    # Volar"; "Muerte del mamut": "la unidad baja del Mamut y se coloca automáticamente
    # trabada con la unidad enemiga ... NO tiene filas en el turno en que baja";
    # "Resolución del combate": Mamut "la unidad en la Howdah es hostigadora ... pero puede
    # tener Estandarte ... se puede usar el Liderazgo de los Bárbaros", Imperio "contando
    # cada Punto de estructura perdido como un punto de resolución de combate ... Inmune a
    # desmoralización ... NO puede perseguir"
    "Ataques del mamut": "one special attack chosen by its player each combat (1D6+1 S10"
                         " hits, a grab with a D6 table of its own, or a bellow that wins the"
                         " combat by 1 and stops the enemy's attacks): not modelled",
    "Combate cuerpo a cuerpo": "the howdah's unit and character fight from the mammoth while"
                               " enemies strike only the mammoth (flyers excepted): a unit"
                               " riding a monster, not modelled",
    "Muerte del mamut": "the howdah's unit dismounts engaged when the mammoth dies, with no"
                        " rank bonus that turn: not modelled",
    "Resolución del combate": "the result of a model the engine does not fight (the"
                              " mammoth's howdah unit: skirmishers with a standard and their"
                              " own Ld; the steam tank: structure points lost counted as"
                              " wounds, unbreakable, no pursuit): not modelled",
    # Regimientos de Renombre: what keeps a regiment reported, read in its text
    "Vino del Odio": "at the start of the third turn a D6 (the opponent's) may make them"
                     " frenzied or S+1 W+1 for the rest of the battle: not modelled",
    # the Horrores' "Incineradores (en compañía de horrores)" (0-4, an option of the Horrores
    # of the Reinos del Caos books), "Individuales": "Después del despliegue, cada uno se
    # considera una miniatur individual a todos los efectos (mueven individualmente,
    # proporcionan puntos de victoria cada uno, no se les pueden unir personajes, etc.)" (the
    # Legión Demoníaca's own entry of them is one model: catalogue, rule_texts.lone_models)
    "Individuales": "after deployment each Incinerador beside the Horrores is a model of its"
                    " own (it moves, scores and fights alone), not one of the Horrores' unit:"
                    " not modelled",
    # Reinos del Caos "Palanquín de Nurgle" (a mount linked from the Heralds' "Montura"
    # options, typed "unit" in the data); Mortales "Monturas de Tipo Demonio" (its rider's
    # death frees it to instability)
    "Palanquín de nurgletes": _PALANQUIN,
    "Palanquín de Nurgle": _PALANQUIN,
    "Monturas de Tipo Demonio": "a daemonic mount is subject to instability once its rider is"
                                " dead: no rider in the entry, not modelled",
    # Mortales "Bruto despedazador": "Enlazado" to a Human character of the army, "Runas de
    # vinculación": "tendrá HA y Ld iguales que los del personaje a los que se encuentre
    # Enlazado mientras éste siga con vida"
    "Enlazado": "bound to a Human character of the army (a monster that lost its rider once"
                " he dies): the character is not in the entry, not modelled",
    "Runas de vinculación": "WS and Ld of the bound character while he lives (the printed ones"
                            " only after his death): the character is not in the entry",
    # army19: rules of Condes Vampiro, Elfos Oscuros, Enanos, Enanos del Caos and Mercenarios
    # read from their texts and left ignored (no kernel code this round)
    "Plataforma de ingenieros": "six engineers ride the chariot as characters, each with a"
                                " different weapon (hooked halberd S+1 or S+2 against cavalry,"
                                " man-catcher killing blow, ball and chain S+3 in the first"
                                " turn, three hand weapons) and may be attacked instead of the"
                                " chariot: six crew bodies, not modelled",
    "Runas protectoras": "a 5+ ward save for the Barcatronante alone, not for the crew aboard"
                         " it: the engine's war machine takes one pool of wounds, not modelled",
    "Muerte de los artilleros": "two crew per gun and a pilot; the Barcatronante is removed"
                                " when all the crew die: crew casualties of their own, not"
                                " modelled",
    "Inmune a frío": "immune to cold attacks (Arma de frío, Garras): the engine has no cold"
                     " attacks, not modelled",
    # army26: Regimientos de Renombre's named heroes sold as one entry (Gotrek y Félix, Gilead y
    # Fithvael), read in the catalogue
    "Hacha Rúnica de Gotrek": "one more attack for each of Gotrek's first attacks that hits"
                              " (the extra ones give none), multiple wounds (2) against T5 or"
                              " more: attacks added by hits, which the kernel has no column for"
                              " ('Asalto imparable' adds them for wounds, and chains), not"
                              " modelled",
    "Espada de Bronce Fulgurante": "Félix's +2 attacks, and re-rolls to hit and to wound"
                                   " against Dragon-type models: the engine has no Dragon tag"
                                   " nor a re-roll to wound, not modelled",
    "Maldición de Gotrek": "a 4+ ward save and Immune to break for both while Gotrek lives:"
                           " Félix's ward and break test would change when Gotrek falls, and"
                           " the two are not imported as one unit of two ('Formación'), not"
                           " modelled",
    "Formación": "Gotrek (W3 T5) and Félix (W2 T4) are one unit of two models with weapons of"
                 " their own: the import takes the entry as a single model (Félix its"
                 " champion), not modelled",
    "Espada de Galeth": "Gilead's magic hand weapon with armour piercing: Gilead and Fithvael"
                        " are two independent characters ('Personajes independientes') the"
                        " import takes as one model, not modelled",
    "Personajes independientes": "Gilead and Fithvael are two characters, each free to join"
                                 " a unit or fight alone: one entry of two characters, not a"
                                 " unit; not modelled",
    "Saga del Destino": "Gilead re-rolls to hit and to wound against one enemy character"
                        " nominated at the start of the battle: the engine has no re-roll to"
                        " wound nor a nominated enemy, not modelled",
    "Sombra rápida": "once a game, for two turns, Gilead fights with the 'Gilead Sombra Rápida'"
                     " profile (WS10 I10 A8), always strikes first and has a 4+ ward; the"
                     " import takes that profile for the whole battle: not modelled",
    "Artillería a caballo": "horse artillery: each light cannon with its crew is a unit of its"
                            " own, the mounted crewman fights from his horse ('y el caballo"
                            " también lucha'), Bronzino joins one gun as a character: not"
                            " modelled",
    # giants family: the big monsters' entries, read in their texts
    # Mercenarios con Personajes Especiales, Monstruos Arcanos y Regimientos de Renombre,
    # Regimientos de Renombre (Gigantes de Albión) "Miniaturas individuales": "Hengus,
    # Cachtorr y Pelotos son miniaturas independientes y, por tanto, se mueven de forma
    # individual"; "Báculo Ogham": "mientras los Gigantes permanezcan a 15 cm o menos de
    # Hengus, podrán utilizar su atributo de Liderazgo. Además, Hengus dispone de una tirada
    # de salvación especial de 4+"
    "Miniaturas individuales": "Hengus, Cachtorr and Pelotos are three models moving and"
                               " fighting each on its own: one entry of three units, imported"
                               " as one unit of the first profile, not modelled",
    "Báculo Ogham": "the giants within 15 cm of Hengus use his Ld, and he has a 4+ ward: Hengus"
                    " is a model of his own the import does not field, not modelled",
    # Reinos del Caos (Mamut) "Howdah": "una unidad de 10-20 Bárbaros del Caos ... equipados
    # con garfios y cadenas ... Personaje ... en la howdah"
    "Howdah": "a unit of 10-20 Chaos Barbarians and a character fighting from the mammoth's"
              " back: a unit riding a monster, not modelled",
    # Reinos del Caos (Mamut) "Descontrol": "Si el resultado es superior al número de heridas
    # que le quedan al Mamut, éste se descontrola ... se mueve 5D6cm en una dirección
    # aleatoria"; Orcos y Goblins (Rebaño de garrapatos) "Descontrol": "Si la unidad de
    # Garrapatos se ve obligada a huir ... elimina todos los Goblins de la unidad y
    # transforma todos los Garrapatos en Garrapatos perdidos"
    "Descontrol": "the mammoth's random 5D6 move once wounded (movement), or the squig herd"
                  " losing its goblins and its squigs running loose when it flees: a mixed"
                  " unit of squigs and goblins, not modelled",
    # Orcos y Goblins (Rebaño de garrapatos) "Unidad combinada": "los Garrapatos van delante y
    # los Goblins detrás ... En combate cuerpo a cuerpo, mueren las miniaturas que reciban los
    # ataques (normalmente, primero los Garrapatos)"; "Garrapatos perdidos": "Sigue todas
    # las reglas de los Garrapatos Saltarines ... la dirección ... de forma aleatoria"
    "Unidad combinada": "squigs in front and goblin herders behind, the casualties from the"
                        " models struck (the squigs first), M10 and Ld6 while goblins are"
                        " left: two rank-and-file profiles in one unit, not modelled",
    "Garrapatos perdidos": "squigs left without herders bounce in a random direction as"
                           " bouncing squigs: a unit of squigs the engine does not field,"
                           " not modelled",
})
"""Why some rules stay ``ignored`` (the report's reason instead of "rule not modelled by the
engine"): the steam tank's damage model,
the slayers' whirlwind, rules that need a state or a roll the kernel has no column for."""
