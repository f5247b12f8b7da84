"""The one TOML data-file reader behind the Zombicide and Zombieworld catalogs and the scenario
files: every fault names the file, the place in it and what is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from game.rules.core.datafile import (
    ContentError,
    check_unique,
    describe_location,
    explain_validation_error,
    read_toml,
    validate,
)
from game.rules.zombicide import catalog as zombicide_catalog
from game.rules.zombieworld import catalog as zombieworld_catalog


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Partner(_Strict):
    partner: str


class Card(_Strict):
    id: str
    damage: int = Field(ge=1)
    combines_with: tuple[Partner, ...] = ()


class Rules(_Strict):
    low: int
    high: int
    names: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _ordered(self) -> Rules:
        if self.high < self.low:
            raise ValueError(f"high ({self.high}) is below low ({self.low})")
        return self


class Deck(_Strict):
    card: tuple[Card, ...]
    rules: Rules


GOOD = """
[rules]
low = 1
high = 6
names = ["a", "b"]

[[card]]
id = "pistol"
damage = 1

[[card]]
id = "rifle"
damage = 2
combines_with = [{ partner = "scope" }]
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "deck.toml"
    path.write_text(text, encoding="utf-8")
    return path


def fault(tmp_path: Path, old: str, new: str) -> ContentError:
    assert old in GOOD
    path = write(tmp_path, GOOD.replace(old, new, 1))
    with pytest.raises(ContentError) as caught:
        validate(path, Deck, read_toml(path))
    assert caught.value.path == path
    assert str(caught.value) == f"{path}: {caught.value.where}: {caught.value.what}"
    return caught.value


def test_a_good_file_reads(tmp_path):
    path = write(tmp_path, GOOD)
    deck = validate(path, Deck, read_toml(path))
    assert [c.id for c in deck.card] == ["pistol", "rifle"] and deck.card[1].combines_with[0].partner == "scope"


@pytest.mark.parametrize(
    ("old", "new", "where", "what"),
    [
        ("damage = 2", 'damage = "two"', "[[card]] #2 (id = 'rifle') → damage",
         "Input should be a valid integer, unable to parse string as an integer (found 'two')"),
        ("damage = 1", "damage = 0", "[[card]] #1 (id = 'pistol') → damage",
         "Input should be greater than or equal to 1 (found 0)"),
        ("damage = 1", "damage = 1\ndamgae = 3", "[[card]] #1 (id = 'pistol') → damgae", "unknown key (check its spelling)"),
        ('id = "pistol"\n', "", "[[card]] #1 → id", "required key is missing"),
        ("damage = 1", "damgae = 1", "[[card]] #1 (id = 'pistol') → damgae",
         "unknown key (check its spelling; 'damage' is missing)"),
        ("low = 1\nhigh = 6", "lo = 1\nhi = 6", "rules → lo",
         "unknown key (check its spelling; 'low', 'high' are missing)"),
        ('partner = "scope"', "partner = 7", "[[card]] #2 (id = 'rifle') → combines_with[0] → partner",
         "Input should be a valid string (found 7)"),
        ('names = ["a", "b"]', 'names = ["a", 2]', "rules → names[1]", "Input should be a valid string (found 2)"),
        ("high = 6", "high = 0", "rules", "high (0) is below low (1)"),
        ("[rules]", "[rulez]", "rulez", "unknown key (check its spelling; 'rules' is missing)"),
        ('[rules]\nlow = 1\nhigh = 6\nnames = ["a", "b"]\n', "", "rules", "required key is missing"),
    ],
)
def test_a_fault_is_placed_in_the_file_own_terms(tmp_path, old, new, where, what):
    error = fault(tmp_path, old, new)
    assert (error.where, error.what) == (where, what)


def test_a_long_wrong_value_is_not_quoted_back(tmp_path):
    error = fault(tmp_path, "damage = 2", f'damage = "{"x" * 60}"')
    assert error.what == "Input should be a valid integer, unable to parse string as an integer"


def test_part_of_a_file_is_read_at_its_place(tmp_path):
    path = write(tmp_path, GOOD.replace("damage = 2", "damage = -2"))
    data = read_toml(path)
    assert validate(path, Card, data, at=("card", 0)).id == "pistol"
    with pytest.raises(ContentError) as caught:
        validate(path, Card, data, at=("card", 1))
    assert caught.value.where == "[[card]] #2 (id = 'rifle') → damage"


def test_entries_are_labelled_by_id_or_number():
    data = {"card": [{"number": 4}], "zone": [{"id": "r0c0"}]}
    assert describe_location(["card", 0, "red"], data) == "[[card]] #1 (number = 4) → red"
    assert describe_location(["zone", 0], data) == "[[zone]] #1 (id = 'r0c0')"
    assert describe_location(["zone", 5, "kind"], data) == "zone[5] → kind"  # past the end: no entry to name
    assert describe_location([], data) == "top level"


def test_a_fault_found_within_a_part_keeps_that_part_in_its_place():
    with pytest.raises(ValidationError) as caught:
        Deck.model_validate({"card": [{"id": "axe", "damage": 1, "extra": 1}], "rules": {"low": 1, "high": 2}})
    data = {"deck": {"card": [{"id": "axe", "damage": 1, "extra": 1}]}}
    assert explain_validation_error(caught.value, data, at=("deck",)) == (
        "deck → card[0] (id = 'axe') → extra", "unknown key (check its spelling)",
    )


@pytest.mark.parametrize(
    ("content", "where", "what"),
    [
        (None, "file", "the file is missing"),
        (b"\xff\xfe[card]", "file", "cannot be read: "),
        (b'[rules]\nlow = 1\nhigh = \n', "line 3, column ", "TOML syntax error: Invalid value"),
        (b'[rules]\nlow = 1\nlow = 2\n', "line 3, column ", "TOML syntax error: Cannot overwrite a value"),
    ],
)
def test_unreadable_files_name_the_line(tmp_path, content, where, what):
    path = tmp_path / "deck.toml"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(ContentError) as caught:
        read_toml(path)
    assert caught.value.path == path and caught.value.what.startswith(what)
    assert caught.value.where == where if where == "file" else caught.value.where.startswith(where)


def test_a_repeated_id_names_its_second_entry(tmp_path):
    check_unique(tmp_path / "deck.toml", "card", ["pistol", "rifle"])
    with pytest.raises(ContentError) as caught:
        check_unique(tmp_path / "deck.toml", "card", ["pistol", "rifle", "axe", "rifle"])
    assert (caught.value.where, caught.value.what) == ("[[card]] #4", "duplicate id 'rifle'")


def test_both_catalogs_report_with_the_same_error():
    assert zombicide_catalog.ContentError is ContentError is zombieworld_catalog.ContentError
