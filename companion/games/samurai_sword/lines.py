"""Samurai Sword's history lines: one per event type, names filled in from the seats.

Events carry seats; logs recorded before that carried the names too (``name``, ``by_name``,
``left_name``, ``names``), and such an event reads exactly as a new one does.
"""

from __future__ import annotations

from ..kit import N_, Event, L, Lines, P, T, Text, correction_line, filled, name_of, when

_BUSHIDO_LINES = {
    "passed": N_("{name} turns over a non-Weapon for Bushido and passes it to {left_name}"),
    "weapon_discarded": N_(
        "{name} turns over a Weapon for Bushido, discards a Weapon "
        "and passes Bushido to {left_name}"
    ),
    "honor_lost": N_("{name} turns over a Weapon for Bushido, loses 1 honor; Bushido is discarded"),
    "shogun_discards": N_(
        "{name} turns over a Weapon for Bushido; the 3-player Shogun loses no honor: "
        "Bushido is discarded"
    ),
}


def _other(event: Event, players: list[str], key: str, old: str) -> str:
    """The name of the seat ``event[key]`` (an old event also carried it as ``event[old]``)."""
    return name_of({"seat": event.get(key), "name": event.get(old, "")}, players)


def _end(e: Event, players: list[str]) -> Text:
    if e["reason"] == "swordmaster":
        return T("Game over: only {name} has health left (Swordmaster)", name=name_of(e, players))
    # A log recorded before events carried seats holds the names joined by ", ": split back
    # into a list, it reads as a new event does, joined by the reader's language.
    names = L([players[s] for s in e["seats"]] if "seats" in e else e["names"].split(", "))
    return T("Game over: {names} reached 0 honor", names=names)


def _bushido_checked(e: Event, players: list[str]) -> Text:
    # Built as a Text directly: the msgid comes from the table above (already marked with N_).
    left = _other(e, players, "left", "left_name")
    return [_BUSHIDO_LINES[e["outcome"]], {"name": name_of(e, players), "left_name": left}]


def _entered(e: Event, players: list[str], text: Text) -> Text:
    """A move the table screen tapped in for the player says so: "Table screen: …"."""
    if e.get("by") is None:
        return T("{who_t}: {line_t}", who_t=T("Table screen"), line_t=text)
    return text


def _sum(e: Event) -> Text:
    """The arithmetic of a Weapon's wounds: "3 damage + 1 Fast Draw − 1 Ginchiyo"."""
    text = T("{n} damage", n=e["damage"])
    if e["fast_draw"]:
        text = T("{sum_t} + {n} Fast Draw", sum_t=text, n=e["fast_draw"])
    if e["musashi"]:
        text = T("{sum_t} + 1 Musashi", sum_t=text)
    if e["ginchiyo"]:
        raw = e["damage"] + e["fast_draw"] + (1 if e["musashi"] else 0)
        if raw > 1:
            text = T("{sum_t} − 1 Ginchiyo", sum_t=text)
        else:
            text = T("{sum_t} − 0 Ginchiyo (at least 1)", sum_t=text)
    return text


def _attacked(e: Event, players: list[str]) -> Text:
    weapon = e["weapon_t"] or N_("a Weapon")
    names = {"name": name_of(e, players), "target": players[e["target"]], "weapon_t": weapon}
    if e["parried"]:
        return _entered(e, players, T("{target} parries {name}'s {weapon_t}", **names))
    if e["taken"] < e["wounds"]:
        text = P(
            "{name} hits {target} with {weapon_t}: {sum_t} = {n} wound, {taken} taken",
            "{name} hits {target} with {weapon_t}: {sum_t} = {n} wounds, {taken} taken",
            e["wounds"],
            sum_t=_sum(e),
            taken=e["taken"],
            **names,
        )
    else:
        text = P(
            "{name} hits {target} with {weapon_t}: {sum_t} = {n} wound",
            "{name} hits {target} with {weapon_t}: {sum_t} = {n} wounds",
            e["wounds"],
            sum_t=_sum(e),
            **names,
        )
    return _entered(e, players, text)


_GROUP = {
    "battle_cry": (N_("Battle Cry"), N_("{names} discard a Parry")),
    "jujutsu": (N_("Jujutsu"), N_("{names} discard a Weapon")),
}


def _group(e: Event, players: list[str]) -> Text:
    card, discard = _GROUP[e["card"]]
    parts = []
    if e["wounded"]:
        parts.append(T("{names} take 1 wound", names=L([players[s] for s in e["wounded"]])))
    if e["discarded"]:
        parts.append([discard, {"names": L([players[s] for s in e["discarded"]])}])
    if not parts:
        parts.append(T("nobody is affected"))
    rest = parts[0] if len(parts) == 1 else T("{a_t}; {b_t}", a_t=parts[0], b_t=parts[1])
    text = T("{name} plays {card_t}: {rest_t}", name=name_of(e, players), card_t=card, rest_t=rest)
    return _entered(e, players, text)


LINES = Lines(
    {
        "Attacked": _attacked,
        "GroupAttacked": _group,
        "AbilityDraw": P(
            "{name} draws {n} card ({character_t})", "{name} draws {n} cards ({character_t})", 0
        ),
        "Corrected": correction_line,
        "TurnCorrected": filled(
            T(
                "{who_t}: turn {before}, {phase_before_t}, round {round_before} → "
                "{name}, {phase_t}, round {round}"
            ),
            before=lambda e, players: players[e["before"]] if e["before"] is not None else "—",
            phase_before_t=lambda e, players: e["phase_before_t"] or "—",
            round_before=lambda e, players: (
                e["round_before"] if e["round_before"] is not None else "—"
            ),
        ),
        "CharacterCorrected": T("{who_t}: {name}'s character {before_t} → {after_t}"),
        "PlayStarted": T("Play begins: {name} is the Shogun and plays first"),
        "ShogunRevealed": T("{name} is the Shogun"),
        "RoleEntered": T("{name} has entered a role card"),
        "RoleNoted": when(
            lambda e: bool(e.get("stars")),
            filled(
                P("You entered {role_t} with {n} star", "You entered {role_t} with {n} stars", 0),
                n="stars",
            ),
            T("You entered {role_t}"),
        ),
        "CharacterEntered": T("{name} has entered a character"),
        "CharacterNoted": T("You entered {character_t}"),
        "RolesMismatch": T(
            "The roles entered don't match the cards for {n} players: everyone check your card"
        ),
        "CharactersClash": T(
            "Two players entered the same character: everyone check your character card"
        ),
        "Adjusted": T("{name}: {counter_t} {before} → {after}"),
        "Defeated": when(
            lambda e: e["by"] is None,
            T("{name} is defeated, not by another player: no honor moves"),
            filled(
                T("{name} is defeated by {by_name} and gives them 1 honor"),
                by_name=lambda e, players: _other(e, players, "by", "by_name"),
            ),
        ),
        "GameEnded": _end,
        "SwordmasterVoid": T(
            "Only {name} has health left, but the Swordmaster victory does not apply: play on"
        ),
        "Recovered": T("{name} recovers to {n} health"),
        "TurnStarted": T("{name}'s turn (round {round})"),
        "PhaseStarted": T("{name}: {phase_t}"),
        "CardsDrawn": P("{name} draws {n} card", "{name} draws {n} cards", 0),
        "HandLimit": P(
            "{name} discards {n} card down to the hand limit of 7",
            "{name} discards {n} cards down to the hand limit of 7",
            0,
        ),
        "DeckOut": T("The deck ran out: everyone loses 1 honor"),
        "DaimyoNoted": T("You hold {n} Daimyo"),
        "BushidoPlaced": T("Bushido is in front of {name}"),
        "BushidoRemoved": T("Bushido is removed from play"),
        "BushidoChecked": _bushido_checked,
    }
)
