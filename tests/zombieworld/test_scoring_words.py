from game.rules.zombieworld.scoring import counted


def test_glory_lines_count_in_singular_and_plural():
    assert counted(1, "member") == "1 member"
    assert counted(0, "zombie") == "0 zombies"
    assert counted(3, "hostile survivor") == "3 hostile survivors"
