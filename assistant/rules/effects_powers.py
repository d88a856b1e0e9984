"""Kinds that act during the game: free builds (a colour always, once an age, the first of a colour, the first or last card of an age), the seventh card, building from the discard pile, copies (a guild, a science symbol, a leader), leaders drawn and recruited, Tomyris and Semiramis, diplomacy, coins others lose or neighbours take."""

from __future__ import annotations

from .describe import OR, join
from .edition import EditionRules
from .effect_base import Effect, Fields, kind
from .model import Color, Counted
from .records import field, record
from .text import N_, Nn_, Text


@kind("draw-leaders", required=["count"])
@record
class DrawLeaders(Effect):
    """Draw leaders from those not dealt into the hand of leaders (Rome B stage 1)."""

    count: int

    @classmethod
    def parse(cls, fields: Fields) -> DrawLeaders:
        return cls(fields.whole("count"))

    def describe(self) -> Text:
        return Nn_(
            "Draws {n} leader from those not dealt into the city's hand of leaders.",
            "Draws {n} leaders from those not dealt into the city's hand of leaders.",
            self.count,
        )


@kind("recruit-leader")
@record
class RecruitLeader(Effect):
    """When built, recruit one more leader from the hand at once, paying its cost (Rome B)."""

    def describe(self) -> Text:
        return N_("When built: recruit one more leader from the hand at once, paying its cost.")

    def extra_leaders(self) -> int:
        return 1


@kind("free-color", required=["colors"], optional=["later"])
@record
class FreeColor(Effect):
    """Structures of the given colours are built for free, always (Ramses: guilds); with
    ``later``, those built after this card (Maecenas: the leaders recruited after him)."""

    colors: tuple[Color, ...]
    color_names: tuple[Text, ...] = field(default=(), compare=False)
    later: bool = False

    @classmethod
    def parse(cls, fields: Fields) -> FreeColor:
        colors, names = fields.colors("colors")
        if not colors:
            raise fields.fail("free-color lists the colours built for free")
        return cls(colors, names, fields.flag("later", False))

    def describe(self) -> Text:
        if self.later:
            return N_("Builds every later {colors} card for free.", colors=join(list(self.color_names), OR))
        return N_("Builds {colors} cards for free.", colors=join(list(self.color_names), OR))

    def free_colors(self) -> tuple[Color, ...]:
        return self.colors


@kind("defeats-to-victor")
@record
class DefeatsToVictor(Effect):
    """From now on, a defeat token the city would take goes to the neighbour that beat it
    (Tomyris): the neighbour takes its victory token and the defeat token."""

    def describe(self) -> Text:
        return N_(
            "From now on, when the city loses a conflict, the neighbour that beat it takes the defeat "
            "token as well as its victory token."
        )

    def gives_defeats(self) -> bool:
        return True


@kind("free-build-per-age")
@record
class FreeBuildPerAge(Effect):
    """Olympia A stage 2: once per age, build a structure for free."""

    def describe(self) -> Text:
        return N_("Once per age, build a structure for free.")

    def frees(self, color: Color, held: frozenset[Color]) -> bool | None:
        return None  # whether it was used this age is the table's to say

    def free_note(self, player: str, source: str, what: Text, unused: bool = False) -> Text:
        if unused:
            return N_(
                "{player} can build {what} for free with the once-per-age free build of the {wonder}: "
                "it has not been used this age.",
                wonder=source,
                player=player,
                what=what,
            )
        return N_(
            "If the once-per-age free build of the {wonder} has not been used this age, "
            "{player} can build {what} with it for free.",
            wonder=source,
            player=player,
            what=what,
        )

    def free_power(self) -> bool:
        return True

    def once_per_age(self) -> bool:
        return True

    def used_note(self, player: str, source: str) -> Text:
        return N_(
            "{player} has already used the once-per-age free build of the {wonder} this age.",
            player=player,
            wonder=source,
        )


@kind("free-first-of-color")
@record
class FreeFirstOfColor(Effect):
    """Olympia Day stage 2 (2020): a card of a colour the city does not have yet is built free."""

    def describe(self) -> Text:
        return N_("The first card of each colour you build is free.")

    def frees(self, color: Color, held: frozenset[Color]) -> bool | None:
        return color not in held

    def free_power(self) -> bool:
        return True

    def used_note(self, player: str, source: str) -> Text:
        return N_(
            "{player}'s city already has a card of that colour, and the {wonder} builds only the "
            "first card of each colour for free.",
            player=player,
            wonder=source,
        )

    def free_note(self, player: str, source: str, what: Text, unused: bool = False) -> Text:
        return N_(
            "{player} can build {what} for free: the {wonder} builds the first card of each colour "
            "for free, and the city has none of its colour yet.",
            player=player,
            what=what,
            wonder=source,
        )


@kind("free-first-card-of-age")
@record
class FreeFirstCardOfAge(Effect):
    """Olympia Night stage 1 (2020): the first card played in each later age is built free."""

    def describe(self) -> Text:
        return N_("From the next age on, the first card you play in each age is built for free.")

    def frees(self, color: Color, held: frozenset[Color]) -> bool | None:
        return None  # only on the first turn of an age

    def free_power(self) -> bool:
        return True

    def from_next_age(self) -> bool:
        return True

    def once_per_age(self) -> bool:
        # The first card of an age is played once: the format's ``free_build_used`` says it
        # was. (The sixth card's free build, Night stage 2, ends the age: never marked.)
        return True

    def used_note(self, player: str, source: str) -> Text:
        return N_(
            "{player} built this stage of the {wonder} this age: it builds the first card of each "
            "age for free only from the next age on.",
            player=player,
            wonder=source,
        )

    def spent_note(self, player: str, source: str) -> Text:
        return N_(
            "{player} has already played the first card of this age: the {wonder} builds only the "
            "first card of each age for free.",
            player=player,
            wonder=source,
        )

    def free_note(self, player: str, source: str, what: Text, unused: bool = False) -> Text:
        return N_(
            "If this is the first card {player} plays this age (and the stage was built in an "
            "earlier age), the {wonder} builds {what} for free.",
            player=player,
            wonder=source,
            what=what,
        )


@kind("free-last-card-of-age")
@record
class FreeLastCardOfAge(Effect):
    """Olympia Night stage 2 (2020): the sixth card played in each age is built free."""

    def describe(self) -> Text:
        return N_("The last card you play in each age (the sixth) is built for free.")

    def frees(self, color: Color, held: frozenset[Color]) -> bool | None:
        return None  # only on the sixth turn of an age

    def free_power(self) -> bool:
        return True

    def free_note(self, player: str, source: str, what: Text, unused: bool = False) -> Text:
        return N_(
            "If this is the sixth card {player} plays this age, the {wonder} builds {what} for free.",
            player=player,
            wonder=source,
            what=what,
        )


@kind("play-last-card")
@record
class PlayLastCard(Effect):
    """Babylon B stage 2: also play the seventh card of each age."""

    def describe(self) -> Text:
        return N_("Play the seventh card of each age instead of discarding it.")

    def extra_structures(self, rules: EditionRules) -> int:
        return rules.ages  # the seventh card of every age, up to one per age

    def extra_in_age(self, age: int, built: int | None) -> int:
        # The seventh card of the age the stage was built in (ruling babylon-b-seventh-card:
        # built on the sixth turn, it already plays that age's) and of every later age.
        return 1 if built is None or age >= built else 0

    def stage_note(self, player: str, wonder: str, number: int) -> Text | None:
        return N_(
            "Once built, stage {number} of the {wonder} lets {player} also play the card left at the "
            "end of each age instead of discarding it, this age's included.",
            number=number,
            wonder=wonder,
            player=player,
        )


@kind("build-from-discard")
@record
class BuildFromDiscard(Effect):
    """Halicarnassus: build a card from the discard pile for free."""

    def describe(self) -> Text:
        return N_("Build one card from the discard pile for free.")

    def builds_from_discard(self) -> bool:
        return True

    def extra_structures(self, rules: EditionRules) -> int:
        return 1

    def extra_in_age(self, age: int, built: int | None) -> int:
        # The discard pile keeps every age's cards: the card built can be of the age the
        # stage was built in or of an earlier one (ruling halicarnassus-discard).
        return 1 if built is None or age <= built else 0

    def stage_note(self, player: str, wonder: str, number: int) -> Text | None:
        return N_(
            "Once built, stage {number} of the {wonder} lets {player} build a card of the discard pile "
            "for free at the end of this turn: the power does not wait.",
            number=number,
            wonder=wonder,
            player=player,
        )


@kind("copy-guild")
@record
class CopyGuild(Effect):
    """Olympia B stage 3: at game end, copy a guild of a neighbouring city."""

    def describe(self) -> Text:
        return N_("At the end of the game, copy one guild of a neighbouring city.")

    def copies_guild(self) -> bool:
        return True


@kind("copy-science")
@record
class CopyScience(Effect):
    """At the end of the game, the city copies one science symbol of a green card in a
    neighbouring city (Cities' masks), chosen to score the most."""

    def describe(self) -> Text:
        return N_("At the end of the game, copy one science symbol of a green card of a neighbouring city.")

    def copies_science(self) -> bool:
        return True


@kind("others-lose", required=["coins"], optional=["counted"])
@record
class OthersLose(Effect):
    """When built, every other player pays ``coins`` to the bank (for each of its victory
    tokens or wonder stages, when ``counted``), or takes a debt token for each coin unpaid
    (Cities): their coins and debt are what the table gives, so only said."""

    coins: int
    counted: Counted | None = None

    @classmethod
    def parse(cls, fields: Fields) -> OthersLose:
        counted = fields.choice("counted", Counted) if "counted" in fields.table else None
        if counted not in (None, Counted.VICTORIES, Counted.STAGES):
            raise fields.fail("others-lose counts victory tokens or wonder stages, or nothing")
        return cls(fields.whole("coins"), counted)

    def describe(self) -> Text:
        if self.counted is Counted.VICTORIES:
            return Nn_(
                "When built: every other player loses {n} coin for each military victory token it holds, "
                "or takes debt for what it does not pay.",
                "When built: every other player loses {n} coins for each military victory token it holds, "
                "or takes debt for what it does not pay.",
                self.coins,
            )
        if self.counted is Counted.STAGES:
            return Nn_(
                "When built: every other player loses {n} coin for each wonder stage it has built, "
                "or takes debt for what it does not pay.",
                "When built: every other player loses {n} coins for each wonder stage it has built, "
                "or takes debt for what it does not pay.",
                self.coins,
            )
        return Nn_(
            "When built: every other player loses {n} coin, or takes debt for what it does not pay.",
            "When built: every other player loses {n} coins, or takes debt for what it does not pay.",
            self.coins,
        )


@kind("neighbours-coins", required=["coins"])
@record
class NeighboursCoins(Effect):
    """When built, each neighbour takes ``coins`` from the bank (Cities' gambling cards)."""

    coins: int

    @classmethod
    def parse(cls, fields: Fields) -> NeighboursCoins:
        return cls(fields.whole("coins"))

    def describe(self) -> Text:
        return Nn_(
            "When built: each neighbour takes {n} coin from the bank.",
            "When built: each neighbour takes {n} coins from the bank.",
            self.coins,
        )


@kind("diplomacy")
@record
class Diplomacy(Effect):
    """A diplomacy token: the city sits out the next conflict, its neighbours fight each other
    across it (Cities)."""

    def describe(self) -> Text:
        return N_(
            "A diplomacy token: the city sits out the next conflict; its two neighbours fight each other."
        )

    def diplomacy_tokens(self) -> int:
        return 1


@kind("free-color-per-age", required=["colors"])
@record
class FreeColorPerAge(Effect):
    """Once per age, build a card of the given colours for free (Caligula: a black card)."""

    colors: tuple[Color, ...]
    color_names: tuple[Text, ...] = field(default=(), compare=False)

    @classmethod
    def parse(cls, fields: Fields) -> FreeColorPerAge:
        colors, names = fields.colors("colors")
        if not colors:
            raise fields.fail("free-color-per-age lists the colours")
        return cls(colors, names)

    def describe(self) -> Text:
        return N_("Once per age, build a {colors} card for free.", colors=join(list(self.color_names), OR))

    def frees(self, color: Color, held: frozenset[Color]) -> bool | None:
        return None if color in self.colors else False  # whether it was used this age: the table's

    def free_power(self) -> bool:
        return True

    def once_per_age(self) -> bool:
        return True

    def free_note(self, player: str, source: str, what: Text, unused: bool = False) -> Text:
        colors = join(list(self.color_names), OR)
        if unused:
            return N_(
                "{player} can build {what} for free with {card}'s free {colors} card of the age: it "
                "has not been used this age.",
                player=player,
                what=what,
                card=source,
                colors=colors,
            )
        return N_(
            "If {card}'s free {colors} card of the age has not been used, {player} can build {what} "
            "with it for free.",
            card=source,
            colors=colors,
            player=player,
            what=what,
        )

    def used_note(self, player: str, source: str) -> Text:
        return N_(
            "{card} builds only a {colors} card for free.",
            card=source,
            colors=join(list(self.color_names), OR),
        )

    def spent_note(self, player: str, source: str) -> Text:
        return N_(
            "{player} has already used {card}'s free {colors} card this age.",
            player=player,
            card=source,
            colors=join(list(self.color_names), OR),
        )


@kind("defeats-as-shields")
@record
class DefeatsAsShields(Effect):
    """Each defeat token the city holds counts as one shield (Semiramis)."""

    def describe(self) -> Text:
        return N_("Each defeat token the city holds counts as one shield.")

    def defeats_are_shields(self) -> bool:
        return True


@kind("copy-leader")
@record
class CopyLeader(Effect):
    """Courtesans Guild: copy the power of a leader recruited by a neighbour (the best for
    the city, at the end of the game); the neighbour keeps it."""

    def describe(self) -> Text:
        return N_("Copies the power of one leader recruited in a neighbouring city; the neighbour keeps it.")

    def copies_leader(self) -> bool:
        return True
