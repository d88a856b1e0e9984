"""Kinds that change what a city makes and pays: production, trading discounts, the "one resource less" powers, Bilkis's bank trade, coin discounts on cards, the Secret Warehouse's and Black Market's extra unit, the Clandestine Docks' rebate and stages built without their resources."""

from __future__ import annotations

from .describe import GOODS_NAMES, OR, RESOURCE_NAMES, join
from .edition import EditionRules
from .effect_base import Effect, Fields, kind
from .model import Color, Goods, Resource, Whose
from .records import field, record
from .text import N_, Nn_, Text


@kind("produce", required=["resources"], optional=["count", "sellable"])
@record
class Produce(Effect):
    """Produces ``count`` units of one of ``resources`` each turn (either/or when several)."""

    resources: tuple[Resource, ...]
    count: int = 1
    sellable: bool = True

    @classmethod
    def parse(cls, fields: Fields) -> Produce:
        resources = fields.choices("resources", Resource)
        if not resources:
            raise fields.fail("produce.resources is empty")
        return cls(resources, fields.whole("count", 1), fields.flag("sellable", True))

    def check(self, color: Color | None, rules: EditionRules) -> str | None:
        for_sale = color is not None and color in rules.sellable_colors
        if self.sellable != for_sale:
            if color is None:
                return "a wonder stage's resources are never for sale"
            names = " and ".join(c.value for c in rules.sellable_colors)
            return f"only {names} cards' resources are for sale"
        return None

    def describe(self) -> Text:
        names = [RESOURCE_NAMES[r] for r in self.resources]
        if len(names) == 1:
            text = Nn_("Produces {n} {resource}.", "Produces {n} {resource}.", self.count, resource=names[0])
        else:
            text = N_("Produces one of {choices} each turn.", choices=join(names, OR))
        if not self.sellable:
            text = N_("{text} Neighbours cannot buy it.", text=text)
        return text

    def produced(self) -> Produce:
        return self


@kind("discount", required=["goods", "neighbours"])
@record
class Discount(Effect):
    """Buy ``goods`` from the given neighbours for ``price`` a unit instead of ``usual``
    (the edition's discounted and usual trade prices)."""

    goods: Goods
    neighbours: tuple[Whose, ...]
    price: int = 1
    usual: int = 2

    @classmethod
    def parse(cls, fields: Fields) -> Discount:
        goods = fields.choice("goods", Goods)
        neighbours = fields.choices("neighbours", Whose)
        if not neighbours or Whose.SELF in neighbours:
            raise fields.fail("discount.neighbours lists left and/or right")
        rules = fields.rules
        if rules is None:
            return cls(goods, neighbours)
        return cls(goods, neighbours, rules.discounted_price, rules.trade_price)

    def describe(self) -> Text:
        if set(self.neighbours) == {Whose.LEFT, Whose.RIGHT}:
            whom = N_("both neighbours")
        elif Whose.LEFT in self.neighbours:
            whom = N_("the left neighbour")
        else:
            whom = N_("the right neighbour")
        return Nn_(
            "Buys {goods} from {whom} for {n} coin instead of {usual}.",
            "Buys {goods} from {whom} for {n} coins instead of {usual}.",
            self.price,
            goods=GOODS_NAMES[self.goods],
            whom=whom,
            usual=self.usual,
        )

    def discount(self) -> Discount:
        return self


@kind("cheaper", required=["resources"], optional=["colors", "stages"])
@record
class Cheaper(Effect):
    """Structures of the given colours, or wonder stages, cost ``resources`` resource units
    less, the owner choosing which (Archimedes, Leonidas, Hammurabi, Imhotep). The least-cost
    search tries every unit it could leave out; ``price`` coins go to the bank for each unit
    left out (Bilkis buys it from the bank), and ``every`` build is concerned when set."""

    resources: int
    colors: tuple[Color, ...] = ()
    color_names: tuple[Text, ...] = field(default=(), compare=False)
    stages: bool = False
    price: int = 0
    every: bool = False

    @classmethod
    def parse(cls, fields: Fields) -> Cheaper:
        resources = fields.whole("resources")
        colors, names = fields.colors("colors")
        stages = fields.flag("stages", False)
        if resources < 1 or (not colors) == (not stages):
            raise fields.fail("cheaper: resources 1 or more, for colors or for stages (one of them)")
        return cls(resources, colors, names, stages)

    def describe(self) -> Text:
        if self.stages:
            return Nn_(
                "Builds wonder stages for {n} resource less (of the owner's choice).",
                "Builds wonder stages for {n} resources less (of the owner's choice).",
                self.resources,
            )
        return Nn_(
            "Builds {colors} cards for {n} resource less (of the owner's choice).",
            "Builds {colors} cards for {n} resources less (of the owner's choice).",
            self.resources,
            colors=join(list(self.color_names), OR),
        )

    def cheaper(self) -> Cheaper:
        return self

    def applies(self, color: Color | None) -> bool:
        """Whether it makes this build cheaper: a structure of ``color``, or a stage (None)."""
        if self.every:
            return True
        return self.stages if color is None else color in self.colors


@kind("bank-trade", required=["price"])
@record
class BankTrade(Effect):
    """Once a turn, buy one resource of any kind from the bank for ``price`` coins (Bilkis):
    to the least-cost search, one unit of any build's cost left out for ``price`` coins."""

    price: int

    @classmethod
    def parse(cls, fields: Fields) -> BankTrade:
        price = fields.whole("price")
        if price < 0:
            raise fields.fail("bank-trade: the price is 0 coins or more")
        return cls(price)

    def describe(self) -> Text:
        return Nn_(
            "Once a turn, buys one resource of any kind from the bank for {n} coin.",
            "Once a turn, buys one resource of any kind from the bank for {n} coins.",
            self.price,
        )

    def cheaper(self) -> Cheaper:
        return Cheaper(1, price=self.price, every=True)


@kind("cheaper-coins", required=["coins", "colors", "cities"])
@record
class CheaperCoins(Effect):
    """Cards of the given colours cost ``coins`` coins less (never below nothing) to the
    cities named, seen from the owner (Rome B: its own leaders 2 less, its neighbours' 1)."""

    coins: int
    colors: tuple[Color, ...]
    cities: tuple[Whose, ...]
    color_names: tuple[Text, ...] = field(default=(), compare=False)

    @classmethod
    def parse(cls, fields: Fields) -> CheaperCoins:
        coins = fields.whole("coins")
        colors, names = fields.colors("colors")
        cities = fields.choices("cities", Whose)
        if coins < 1 or not colors or not cities:
            raise fields.fail("cheaper-coins: coins 1 or more, the colours and the cities it helps")
        return cls(coins, colors, cities, names)

    def describe(self) -> Text:
        colors = join(list(self.color_names), OR)
        if self.cities == (Whose.SELF,):
            return Nn_(
                "The city's {colors} cards cost {n} coin less.",
                "The city's {colors} cards cost {n} coins less.",
                self.coins,
                colors=colors,
            )
        return Nn_(
            "The neighbours' {colors} cards cost {n} coin less.",
            "The neighbours' {colors} cards cost {n} coins less.",
            self.coins,
            colors=colors,
        )

    def coin_discount(self) -> CheaperCoins:
        return self


EXTRA_UNITS = ("produced", "not-produced")


@kind("extra-unit", required=["of"])
@record
class ExtraUnit(Effect):
    """Once a turn, one more unit of a resource the city produces through its brown and grey
    cards and its board (``produced``: Secret Warehouse), or of one it does not
    (``not-produced``: Black Market); neighbours cannot buy it."""

    of: str

    @classmethod
    def parse(cls, fields: Fields) -> ExtraUnit:
        of = fields.value("of", str)
        if of not in EXTRA_UNITS:
            raise fields.fail(f"extra-unit.of is one of {', '.join(EXTRA_UNITS)}, not {of!r}")
        return cls(of)

    def describe(self) -> Text:
        if self.of == "produced":
            return N_(
                "Once a turn, one more unit of a resource the city's brown and grey cards or board produce. "
                "Neighbours cannot buy it."
            )
        return N_(
            "Once a turn, one unit of a resource the city's brown and grey cards and board do not produce. "
            "Neighbours cannot buy it."
        )

    def extra_unit(self) -> str:
        return self.of


@kind("rebate", required=["neighbours", "coins"])
@record
class Rebate(Effect):
    """Once a turn, one resource bought from that neighbour costs ``coins`` less (Cities'
    Clandestine Docks)."""

    neighbour: Whose
    coins: int

    @classmethod
    def parse(cls, fields: Fields) -> Rebate:
        neighbours = fields.choices("neighbours", Whose)
        if len(neighbours) != 1 or neighbours[0] is Whose.SELF:
            raise fields.fail("rebate.neighbours names one neighbour, left or right")
        return cls(neighbours[0], fields.whole("coins"))

    def describe(self) -> Text:
        whom = N_("the left neighbour") if self.neighbour is Whose.LEFT else N_("the right neighbour")
        return Nn_(
            "Once a turn, one resource bought from {whom} costs {n} coin less.",
            "Once a turn, one resource bought from {whom} costs {n} coins less.",
            self.coins,
            whom=whom,
        )

    def rebate(self) -> tuple[Whose, int]:
        return self.neighbour, self.coins


@kind("free-stage-resources")
@record
class FreeStageResources(Effect):
    """From now on, wonder stages are built without their resource cost (Architect Cabinet);
    a stage's coins are still paid."""

    def describe(self) -> Text:
        return N_("From now on, wonder stages are built without paying their resources (coins still are).")

    def frees_stage_resources(self) -> bool:
        return True
