"""Merging a phone's edits into a city that changed meanwhile: nothing either side did is lost."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from assistant.store.merge import merge_city

BASE = {"player": "Ana", "wonder": "rhodes", "side": "A", "stages": 1, "coins": 3,
        "cards": ["baths", "altar"], "military": [1]}  # fmt: skip


def test_the_end_of_an_age_and_a_phones_new_card_both_survive():
    theirs = dict(BASE, military=[1, 3, -1])  # the age's tokens, handed out meanwhile
    mine = dict(BASE, cards=["baths", "altar", "temple"], coins=5)
    merged, conflicts = merge_city(BASE, mine, theirs)
    assert conflicts == []
    assert merged["military"] == [1, 3, -1]
    assert merged["cards"] == ["baths", "altar", "temple"] and merged["coins"] == 5


def test_a_card_removed_here_and_another_added_there_merge():
    theirs = dict(BASE, cards=["baths", "altar", "stockade"])
    mine = dict(BASE, cards=["baths"])
    merged, conflicts = merge_city(BASE, mine, theirs)
    assert conflicts == [] and merged["cards"] == ["baths", "stockade"]


def test_the_same_field_changed_to_two_values_is_a_conflict_keeping_this_phones_value():
    merged, conflicts = merge_city(BASE, dict(BASE, coins=7), dict(BASE, coins=4))
    assert conflicts == ["coins"] and merged["coins"] == 7


def test_the_same_change_on_both_phones_is_no_conflict():
    merged, conflicts = merge_city(BASE, dict(BASE, stages=2), dict(BASE, stages=2))
    assert conflicts == [] and merged["stages"] == 2


def test_a_pads_numbers_merge_category_by_category():
    base = {"player": "Ana", "coins": 3, "categories": {"civilian": 10}}
    mine = dict(base, categories={"civilian": 10, "science": 13})
    theirs = dict(base, categories={"civilian": 12})
    merged, conflicts = merge_city(base, mine, theirs)
    assert conflicts == [] and merged["categories"] == {"civilian": 12, "science": 13}
    _, conflicts = merge_city(base, dict(base, categories={"civilian": 9}), theirs)
    assert conflicts == ["categories.civilian"]


tokens = st.lists(st.sampled_from([1, 3, 5, -1]), max_size=8)


@given(tokens, tokens, tokens)
def test_merged_tokens_keep_what_each_side_added_and_removed(base, mine, theirs):
    """The same change made on both sides counts once (the same token, entered twice)."""
    merged, conflicts = merge_city({"military": base}, {"military": mine}, {"military": theirs})
    assert conflicts == []
    got = Counter(merged["military"])
    if mine in (base, theirs):
        assert got == Counter(theirs)
        return
    expected = Counter(theirs) + (Counter(mine) - Counter(base))
    expected.subtract(Counter(base) - Counter(mine))
    assert got == +expected


@given(st.sets(st.sampled_from(["a", "b", "c", "d", "e"])), st.sets(st.sampled_from(["a", "b", "c", "d", "e"])),
       st.sets(st.sampled_from(["a", "b", "c", "d", "e"])))  # fmt: skip
def test_merged_cards_are_theirs_plus_my_additions_minus_my_removals(base, mine, theirs):
    b, m, t = sorted(base), sorted(mine), sorted(theirs)
    merged, conflicts = merge_city({"cards": b}, {"cards": m}, {"cards": t})
    assert conflicts == []
    assert set(merged["cards"]) == (set(t) | (set(m) - set(b))) - (set(b) - set(m))
    assert len(merged["cards"]) == len(set(merged["cards"]))
