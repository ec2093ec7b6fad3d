"""The round of The Art of War and how the table moves through it: the seven phases, the steps
of construction and war, the sealed rounds' lock and reveal, ``next`` and the start player.

What happens when a phase begins (or ends) and what a sealed round's reveal does are functions
of the parts that own them, registered by name in the game's ``__init__``, so this module
moves the game on without importing any part. The preparation phase, the start of every
round, lives here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..kit import N_, Actor, Event, Phases, Rng, RulesError, State, T, Text, sealed

Hook = Callable[[State, Rng], list[Event]]
RngResolver = Callable[[State, list[Any], Rng], list[Event]]


class RoundPhases(Phases):
    """The kit's phases, numbered in ``state["phase"]`` as the views and logs have always
    shown them (0-6; -1 is the setup), whose hooks also get the action's randomness: the kit's
    hooks take the state alone, but entering the event phase may reshuffle the event deck, and
    a replayed log must draw exactly as it did. A phase may have leave hooks too (the food
    market settles as the round ends)."""

    def __init__(self, phases: list[tuple[str, str]]) -> None:
        super().__init__(phases)
        self._leave: dict[str, list[Hook]] = {name: [] for name in self.order}

    def register(self, hooks: Mapping[str, Hook]) -> None:  # type: ignore[override]
        """Run ``hook(state, rng) -> events`` whenever the game enters that phase."""
        super().register(hooks)  # type: ignore[arg-type]

    def register_leave(self, hooks: Mapping[str, Hook]) -> None:
        """Run ``hook(state, rng) -> events`` whenever the game leaves that phase."""
        unknown = set(hooks) - set(self._leave)
        if unknown:
            raise ValueError(f"no phase {sorted(unknown)!r}")
        for name, hook in hooks.items():
            self._leave[name].append(hook)

    def enter(self, state: State, name: str, rng: Rng) -> list[Event]:  # type: ignore[override]
        """Start phase ``name``: a fresh page of arithmetic, then the phase's own hooks."""
        state["phase"] = self.order.index(name)
        state["computed"] = []
        state["private_lines"] = [[] for _ in state["players"]]
        state["step"] = ""
        events: list[Event] = [
            {"type": "PhaseStarted", "round": state["round"], "phase_t": self.labels[name]}
        ]
        for hook in self.hooks(name):
            events += hook(state, rng)  # type: ignore[call-arg]
        return events

    def leave(self, state: State, name: str, rng: Rng) -> list[Event]:
        events: list[Event] = []
        for hook in self._leave[name]:
            events += hook(state, rng)
        return events


PHASES = RoundPhases(
    [
        ("preparation", N_("Preparation")),
        ("event", N_("Event")),
        ("stance", N_("War or Peace")),
        ("production", N_("Production")),
        ("construction", N_("Construction")),
        ("war", N_("War")),
        ("food", N_("Food")),
    ]
)
# The steps inside construction (the host moves them on with ``next``) and war (the battles
# move them on); ``state["step"]`` names the current one.
BUILD_STEPS = Phases(
    [
        ("purchase", N_("Purchases")),
        ("auction", N_("Epic auction")),
        ("build", N_("Workers and building")),
        ("payments", N_("Foremen and payments")),
    ],
    key="step",
)
WAR_STEPS = Phases(
    [
        ("deploy", N_("Deployment")),
        ("battles", N_("Battle resolution")),
        ("after", N_("After the battles")),
    ],
    key="step",
)
STEPS = {"construction": BUILD_STEPS, "war": WAR_STEPS}


def phase_key(state: State) -> str | None:
    """The current phase's name: "setup" before round 1, None once the game is over."""
    if state["over"]:
        return None
    return "setup" if state["phase"] < 0 else PHASES.order[state["phase"]]


def in_round(state: State) -> bool:
    """After the setup and before the end."""
    return state["phase"] >= 0 and not state["over"]


# --------------------------------------------------------------------------- sealed rounds


class Reveals(sealed.Resolvers):
    """The kit's resolvers (``ROUNDS.register``), whose reveal also gets the
    action's randomness (``resolver(state, choices, rng)``): an epic auction still tied after
    the re-bid is drawn at random, and a replayed log must draw exactly as it did."""

    def register(self, resolvers: Mapping[str, RngResolver]) -> None:  # type: ignore[override]
        """Run ``resolver(state, choices, rng) -> events`` at the reveal of each named round."""
        super().register(resolvers)  # type: ignore[arg-type]

    def reveal_with(self, state: State, rng: Rng) -> list[Event]:
        """Reveal the open round (every seat has locked) and run its resolver."""
        name = state["sealed"]["name"]
        choices = sealed.reveal(state)
        return self.resolver(name)(state, choices, rng)  # type: ignore[call-arg]


ROUNDS = Reveals()


def choose(state: State, actor: int, name: str, choice: Any) -> list[Event]:
    """``actor``'s secret choice in the sealed round ``name``."""
    if not sealed.is_open(state, name):
        raise RulesError("not_now", N_("That choice is not being made right now."))
    return [sealed.submit(state, actor, choice)]


def act_lock(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Lock your secret choice; when the last player locks, everything is revealed at once."""
    events = [sealed.lock(state, actor)]
    if sealed.all_locked(state):
        events += ROUNDS.reveal_with(state, rng)
    return events


def act_unlock(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The table screen lets a player change a locked secret choice (never sees it)."""
    return [sealed.unlock(state, actor, params["seat"])]


# --------------------------------------------------------------------------- moving on


def prepare_camps(state: State, rng: Rng) -> list[Event]:
    """Phase 0: empty camps refill to 2 bandits; a camp that still has bandits gets +1."""
    for k, camp in enumerate(state["camps"]):
        before = camp["bandits"]
        camp["bandits"] = 2 if before == 0 else before + 1
        state["computed"].append(
            T("Bandit camp {n}: {before} → {after}", n=k + 1, before=before, after=camp["bandits"])
        )
    for p in state["p"]:
        p["bought_tactic"] = p["bought_blueprint"] = False
        p["stance"] = None
        p["attackers"] = []
    state["sales"] = [0] * len(state["players"])
    return []


def blocker(state: State) -> Text | None:
    """Why the table cannot move on yet (None when it can)."""
    if state["over"]:
        return T("The game is over.")
    if sealed.is_open(state):
        return T("Waiting for secret choices.")
    if state["phase"] == 3 and any(t["kind"] is None for t in state["tribute"]):
        return T("Waiting for tribute choices.")
    if state["phase"] == 5 and state["step"] == "battles":
        return T("Resolve the battles first.")
    if any(p["magistrate"] for p in state["p"]):
        return T("A Magistrate must defeat a bandit camp first.")
    return None


def act_next(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The table screen moves on to the next step or phase (one tap)."""
    why = blocker(state)
    if why is not None:
        raise RulesError("cannot_move_on", why[0])
    return advance(state, rng)


def advance(state: State, rng: Rng) -> list[Event]:
    """Move on to the next step or phase (the round ends after food)."""
    name = PHASES.order[state["phase"]]
    if name == "construction" and state["step"] in BUILD_STEPS.order:
        step = BUILD_STEPS.after(state["step"])
        if step is not None:
            return BUILD_STEPS.enter(state, step)
    events = PHASES.leave(state, name, rng)
    following = PHASES.after(name)
    if following is None:
        return events + end_round(state, rng)
    return events + PHASES.enter(state, following, rng)


def act_enter_event(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The table screen moves on to the event phase with the card the table turned up ("we
    drew this") instead of the app drawing one."""
    if state["phase"] != PHASES.order.index("preparation"):
        raise RulesError(
            "not_event_draw",
            N_("The event card is drawn as the event phase begins: enter it then."),
        )
    # The event phase's hook takes this card instead of drawing one.
    state["event"]["entered"] = params["event"]
    return act_next(state, actor, {}, rng)


def end_round(state: State, rng: Rng) -> list[Event]:
    """The round is over: the game ends after the third Great Peace, else the start passes."""
    if state["last_round"]:
        state["over"] = {"reason": "peace", "captor": None, "loser": None}
        return [{"type": "GameEnded", "reason_t": N_("The third Great Peace has ended the game.")}]
    state["start"] = (state["start"] + 1) % len(state["players"])
    state["round"] += 1
    return [{"type": "StartPassed", "seat": state["start"]}] + PHASES.enter(
        state, "preparation", rng
    )


def game_over(state: State, captor: int, loser: int) -> list[Event]:
    """A main castle has fallen: the game ends at once (an open secret choice is dropped)."""
    state["over"] = {"reason": "castle", "captor": captor, "loser": loser}
    state["phase"] = PHASES.order.index("war")
    if sealed.is_open(state):
        state["sealed"] = None
    return [{"type": "GameEnded", "reason_t": N_("A main castle was captured.")}]
