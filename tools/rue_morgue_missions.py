"""Rue Morgue's missions and the core's small ones, ours, as data: written into ``maps/missions/`` by
``make_maps.py`` (``make maps``)."""

from __future__ import annotations

from mission_toml import mission_toml


def missions() -> dict[str, str]:
    out = {}
    out["tutorial-2x2"] = mission_toml(
        "tutorial-2x2", "Wings Over the Ward",
        "Our take on the first tutorial: cross the hospital and reach the helicopter parked on the wasteland."
        " Each hospital tile has its event trigger. The helicopter cannot fly. Win when every starting survivor stands in the exit zone at an End Phase.",
        [("2V", 0, 0, 0), ("4V", 1, 0, 0), ("6V", 0, 1, 180), ("7V", 1, 1, 90)],
        [
            {"kind": "start", "zone": "2V:hl-w"},
            {"kind": "exit", "zone": "7V:ws-c"},
            {"kind": "helicopter", "zone": "7V:ws-c"},
            {"kind": "spawn", "zone": "2V:hl-n", "color": "red", "locators": [1]},
            {"kind": "spawn", "zone": "6V:hl-e", "color": "red", "locators": [2]},
            {"kind": "spawn", "zone": "7V:ws-se", "color": "red", "locators": [3]},
        ],  # the event triggers are printed on the hospital modules, one per tile
        setup={"goals": ["all_in_exit"], "crawlers": False},
    )
    out["safehouse-3x2"] = mission_toml(
        "safehouse-3x2", "The Vault",
        "Our take on the second tutorial: the old bank is a safe house. Its front door (blue) opens once the"
        " blue objective is taken, its vault door (pink) once the pink one is. The helicopter can fly from the"
        " helipad. Each objective gives 5 XP; survivors escape through the vault at the end of their turn.",
        [("6R", 0, 0, 270), ("2R", 1, 0, 180), ("5R", 2, 0, 270), ("9R", 0, 1, 0), ("1R", 1, 1, 90), ("3R", 2, 1, 90)],
        [
            {"kind": "start", "zone": "6R:st-s"},
            {"kind": "helicopter", "zone": "9R:hp-w"},
            {"kind": "exit", "zone": "2R:rm-s-e"},
            {"kind": "objective", "zone": "5R:rm-s", "color": "blue"},
            {"kind": "objective", "zone": "6R:rm-se", "color": "pink"},
            {"kind": "objective", "zone": "1R:rm-nw", "color": "red"},
            {"kind": "objective", "zone": "3R:rm-w-n", "color": "red"},
            {"kind": "spawn", "zone": "9R:st-nw", "color": "red", "locators": [1, 2]},
            {"kind": "spawn", "zone": "5R:st-e", "color": "red", "locators": [3, 4]},
            {"kind": "spawn", "zone": "3R:st-n", "color": "red", "locators": [5, 6]},
        ],
        doors=[
            {"id": "2R:door-front", "color": "blue", "open": False},
            {"id": "2R:door-vault", "color": "pink", "open": False},
        ],
        setup={"goals": ["escape_all"], "objective_xp": 5, "door_keys": {"blue": "blue", "pink": "pink"},
               "helicopter_flies": True},
    )
    out["city-3x3"] = mission_toml(
        "city-3x3", "Nine Blocks",
        "Our own city mission: search the blocks for the three red objectives, then fly out from the helipad."
        " The blue and green spawn zones wake up when the matching objective is taken.",
        [("1R", 0, 0, 0), ("4R", 1, 0, 0), ("7R", 2, 0, 180),
         ("3R", 0, 1, 180), ("8R", 1, 1, 270), ("5R", 2, 1, 270),
         ("6R", 0, 2, 180), ("2R", 1, 2, 0), ("9R", 2, 2, 90)],
        [
            {"kind": "start", "zone": "8R:st-c"},
            {"kind": "exit", "zone": "9R:hp-e"},
            {"kind": "helicopter", "zone": "9R:hp-e"},
            {"kind": "objective", "zone": "2R:rm-s-c", "color": "red"},
            {"kind": "objective", "zone": "5R:rm-nw", "color": "red"},
            {"kind": "objective", "zone": "2R:rm-s-e", "color": "red"},
            {"kind": "objective", "zone": "8R:rm-se", "color": "blue"},
            {"kind": "objective", "zone": "2R:rm-nw", "color": "green"},
            {"kind": "spawn", "zone": "1R:st-n", "color": "red", "locators": [1]},
            {"kind": "spawn", "zone": "7R:st-w", "color": "red", "locators": [2]},
            {"kind": "spawn", "zone": "9R:st-e", "color": "red", "locators": [3]},
            {"kind": "spawn", "zone": "4R:pk-w", "color": "blue", "locators": []},
            {"kind": "spawn", "zone": "6R:st-e", "color": "green", "locators": []},
            {"kind": "spawn", "zone": "1R:st-w", "color": "pink", "locators": []},
        ],
        doors=[{"id": "8R:door-market", "color": "yellow", "open": True}],
        setup={"goals": ["take_all_objectives", "all_in_exit"], "objective_xp": 5, "helicopter_flies": True,
               "spawn_dice": 2},
        balance=CITY_BALANCE,
    )
    out.update(rue_morgue_missions())
    return out


# Why Nine Blocks is laid out as it is (docs/balance/, docs/rue-morgue-rules-choices.md "Mission balance").
CITY_BALANCE = (
    "Balance (issue 18): the planner bot lost all 50 games of the first layout. Its blocks joined in a single"
    " chain, so the helipad lay 30 zones from the start and the shortest walk through the five objectives"
    " to it was 42 zones (our other missions: 17 to 32), and its three red spawn zones drew a card for every"
    " spawn die (4 a round with six survivors). Now the centre block is turned to meet the south one (the"
    " exit is 6 zones away), the objectives lie in the centre, east and south blocks (a 22-zone walk), each"
    " red spawn zone answers one die face and the mission rolls 2 spawn dice."
)


FIELD_HOSPITAL_BALANCE = (
    "Balance (issue 18): the planner bot won 10 of 50 games. Its second red spawn zone stood on the wasteland one"
    " zone from the helicopter, where every starting survivor must stand at an End Phase and a death loses: a"
    " third of the losses came after the last objective, on the way into zombies spawned beside the exit. That"
    " spawn zone moved to the hospital's central hall the team leaves first, so what it brings comes behind"
    " the team: 18 of 50 games (the same seeds). Still 36 %: the first red objective lay in the camp's north-west"
    " corner, a dead end beside the first red spawn zone, where the team stood in what that zone brought; it moved"
    " to the camp's south-east corner on the way to the helicopter, and the mission rolls 2 spawn dice whatever the"
    " team (the box's table rolls four): 70 % and 74 % (seeds 0-49, 50-99). Moving that spawn zone instead lost"
    " more: anywhere else it stands between the objectives or on the way out."
)


AIRLIFT_BALANCE = (
    "Balance (issue 18): the planner bot won 12 of 50 games, lost to a death in the street beside the car wash:"
    " its red spawn zone two zones from the exit, with the box's four spawn dice, filled the street the whole team"
    " must stand in. The mission rolls 2 spawn dice whatever the team: 76 % and 76 % (seeds 0-49, 50-99; 3 dice"
    " 34 %, the spawn zone moved away from the exit 24-28 %, both 50-52 %)."
)


NIGHT_SHIFT_BALANCE = (
    "Balance (issue 18): the planner bot won 15 of 50 games: four red spawn zones in the hospital's halls answer"
    " four spawn dice, so about three Zombie cards a round fill the halls the team must cross to the lockers"
    " (4.3 survivors lost a game). The mission rolls 2 spawn dice whatever the team: 96 % and 98 % (seeds 0-49,"
    " 50-99); 3 dice gave 56 % and 78 %."
)


QUARANTINE_BALANCE = (
    "Balance (issue 18): the planner bot won 27 of 50 games, lost to a death in the camp, where its two red spawn"
    " zones stand beside the objectives. The mission rolls 3 spawn dice whatever the team (the box's table"
    " rolls four): 64 % and 70 % (seeds 0-49, 50-99)."
)


LAST_FLIGHT_BALANCE = (
    "Balance (issue 18): the planner bot won 27 of 50 games, lost to a death on the wasteland, where the whole"
    " team must stand at an End Phase, a zone from the camp whose red spawn zone answers a spawn die. The mission"
    " rolls 2 spawn dice whatever the team (the box's table rolls four): 72 % and 88 % (seeds 0-49, 50-99);"
    " 3 dice gave 64 % and 60 %."
)


SUPPLY_RUN_BALANCE = (
    "Balance (issue 18): the planner bot won 17 of 50 games. The shortest walk through the five objectives was"
    " 32 zones, the longest of Rue Morgue's own missions (the others ask 17 to 21), and the games ran 27 rounds"
    " on average, so the zombies of four spawn dice piled up before the last objective (the blue one, taken in"
    " a third of the games). The far red objective moved from the west block's far room to the north block"
    " (a 25-zone walk) and the mission rolls 3 spawn dice."
)


def spawn(zone: str, locators: list[int], color: str = "red") -> dict[str, object]:
    return {"kind": "spawn", "zone": zone, "color": color, "locators": locators}


def token(kind: str, zone: str, color: str = "") -> dict[str, object]:
    return {"kind": kind, "zone": zone, **({"color": color} if color else {})}


TUTORIAL_1: tuple[dict[str, object], ...] = (
    {"text": "Welcome to Rue Morgue! Bring every survivor to the EXIT, the Landing zone ringed in gold, and keep"
             " them all there until an End Phase: that wins the mission.",
     "text_es": "¡Bienvenido a Rue Morgue! Lleva a todos los supervivientes a la SALIDA, la zona de aterrizaje"
                " rodeada en dorado, y mantenlos allí hasta una fase final: así se gana la misión.",
     "zone": "7V:ws-c"},
    {"text": "The survivor in the gold frame on the left plays now (Marta, with the suggested team). Move them"
             " toward the EXIT: tap the ringed green zone. Each move costs one action.",
     "text_es": "Ahora juega el superviviente con el marco dorado a la izquierda (Marta, con el equipo propuesto)."
                " Muévelo hacia la SALIDA: toca la zona verde rodeada. Cada movimiento cuesta una acción.",
     "zone": "2V:hl-c", "until": "survivor_moved"},
    {"text": "A survivor has 3 actions a turn: the dots on the card. Keep moving along the hallway, then tap"
             " End turn at the bottom when the actions are spent.",
     "text_es": "Un superviviente tiene 3 acciones por turno: los puntos de su ficha. Sigue por el pasillo y"
                " toca abajo el botón de fin de turno cuando las haya gastado.",
     "zone": "4V:hl-w", "until": "turn_ended"},
    {"text": "Red skulls mark spawn zones: zombies appear there in the zombies' phase. The way to the EXIT"
             " crosses this one: walk through without stopping.",
     "text_es": "Las calaveras rojas marcan zonas de aparición: ahí aparecen zombis en la fase de zombis. El"
                " camino a la SALIDA cruza esta: atraviésala sin detenerte.",
     "zone": "4V:hl-s"},
    {"text": "Doors make noise, and noise draws zombies. Rooms behind closed doors fill with zombies as you"
             " pass: this mission needs no door, so stay in the hallways.",
     "text_es": "Las puertas hacen ruido, y el ruido atrae a los zombis. Las salas tras puertas cerradas se"
                " llenan de zombis a tu paso: esta misión no necesita abrir ninguna, sigue por los pasillos."},
    {"text": "Move each survivor toward the EXIT and end their turns. Zombies move after everyone has played.",
     "text_es": "Mueve a cada superviviente hacia la SALIDA y termina sus turnos. Los zombis se mueven cuando"
                " todos han jugado.",
     "zone": "7V:ws-c", "until": "phase_started", "match": "zombies"},
    {"text": "The zombies' phase: a zombie in a survivor's zone attacks; the others move one zone toward the"
             " survivors they see, or toward the most noise. Then new zombies spawn.",
     "text_es": "La fase de zombis: un zombi en la zona de un superviviente ataca; los demás avanzan una zona"
                " hacia los supervivientes que ven, o hacia el mayor ruido. Después aparecen zombis nuevos.",
     "until": "phase_started", "match": "players"},
    {"text": "A zombie in your zone? Fight it before moving on: with a Crowbar or a Fire axe in hand, tap the"
             " button named after the weapon. Leaving a zone with zombies costs more actions.",
     "text_es": "¿Un zombi en tu zona? Lucha antes de avanzar: con una palanca o un hacha de bombero en la mano,"
                " toca el botón con el nombre del arma. Salir de una zona con zombis cuesta más acciones."},
    {"text": "Bring everyone onto the EXIT. The mission is won at the End Phase when every starting survivor"
             " stands there.",
     "text_es": "Lleva a todos a la SALIDA. La misión se gana en la fase final en la que todos los"
                " supervivientes iniciales estén allí.",
     "zone": "7V:ws-c", "until": "game_ended"},
)


def rue_morgue_missions() -> dict[str, str]:
    """The box's two tutorials (rules digest §22: tiles, goals and rules; the layouts are ours) and six
    missions of our own that use its objectives, helicopter, tents, hospital and coloured spawn zones."""
    out = {}
    out["rm-tutorial-1"] = mission_toml(
        "rm-tutorial-1", "Tutorial 1: Learning to Fly",
        "Supplies are running out and cars are no longer safe: the team wants to know whether anyone can"
        " still fly one of the last helicopters."
        " Get to the helicopter: win when every starting survivor stands in the exit zone during an End Phase."
        " The helicopter cannot fly.",
        [("2V", 0, 0, 0), ("4V", 1, 0, 0), ("6V", 0, 1, 0), ("7V", 1, 1, 90)],
        [
            token("start", "2V:hl-w"),
            token("exit", "7V:ws-c"),
            token("helicopter", "7V:ws-c"),
            spawn("2V:hl-n", [1]),
            spawn("4V:hl-s", [2]),
            spawn("7V:ws-se", [3]),
        ],
        # gentle enough to learn from: one spawn die whatever the team (docs/zombicide-rules-choices.md)
        setup={"goals": ["all_in_exit"], "spawn_dice": 1, "crawlers": False},
        tutorial=TUTORIAL_1,
    )
    out["rm-tutorial-2"] = mission_toml(
        "rm-tutorial-2", "Tutorial 2: Smells Like Team Spirit",
        "The team has a helicopter and needs a safe house: the old bank, with its reinforced doors, will do. The front door (blue) opens"
        " once the blue objective is taken, the vault door (pink) once the pink one is; or go round by the back"
        " door. Each objective gives 5 XP. Reach the vault with every starting survivor: a survivor escapes"
        " from the exit zone at the end of their turn if it holds no zombies. The helicopter can fly from the"
        " helipad. Take at least one Helicopter pilot and one survivor with Rope descent.",
        [("6R", 0, 0, 0), ("2R", 1, 0, 0), ("9R", 0, 1, 0), ("5R", 1, 1, 270)],
        [
            token("start", "9R:st-sw"),
            token("helicopter", "9R:hp-w"),
            token("exit", "2R:rm-s-e"),
            token("objective", "6R:rm-sw", "blue"),
            token("objective", "5R:rm-nw", "pink"),
            token("objective", "6R:rm-n-c", "red"),
            token("objective", "5R:rm-se", "red"),
            spawn("6R:st-w", [1, 2]),
            spawn("2R:st-n", [3, 4]),
            spawn("5R:st-n", [5, 6]),
        ],
        doors=[
            {"id": "2R:door-front", "color": "blue", "open": False},
            {"id": "2R:door-vault", "color": "pink", "open": False},
        ],
        setup={"goals": ["escape_all"], "objective_xp": 5, "door_keys": {"blue": "blue", "pink": "pink"},
               "helicopter_flies": True},
    )
    out["rm-field-hospital"] = mission_toml(
        "rm-field-hospital", "Field Hospital",
        "The army left its field hospital in a hurry: search the tents and the ward for the"
        " three red objectives (5 XP each), then regroup at the helicopter on the wasteland. Every tent hides a"
        " surprise. The blue spawn zone wakes once the blue objective is taken.",
        [("9V", 0, 0, 0), ("8V", 1, 0, 90), ("1V", 0, 1, 0), ("7V", 1, 1, 0)],
        [
            token("start", "1V:hl-s"),
            token("exit", "7V:ws-c"),
            token("helicopter", "7V:ws-c"),
            token("objective", "9V:cp-se", "red"),
            token("objective", "8V:cp-n", "red"),
            token("objective", "1V:lk-ne", "red"),
            token("objective", "8V:cp-s", "blue"),
            spawn("9V:cp-n", [1]),
            spawn("1V:hl-c", [2]),
            spawn("1V:hl-w", [], "blue"),
        ],
        setup={"goals": ["take_all_objectives", "all_in_exit"], "objective_xp": 5, "spawn_dice": 2},
        balance=FIELD_HOSPITAL_BALANCE,
    )
    out["rm-night-shift"] = mission_toml(
        "rm-night-shift", "Night Shift",
        "All inside the hospital. The night nurses locked the pharmacy store and the lockers"
        " before they turned. Take the four objectives (5 XP each) to win. The blue objective opens the blue"
        " door of the long ward; the green spawn zone wakes when the green objective is taken.",
        [("1V", 0, 0, 0), ("3V", 1, 0, 90), ("2V", 0, 1, 0), ("5V", 1, 1, 0)],
        [
            token("start", "1V:hl-c"),
            token("exit", "2V:hl-w"),
            token("objective", "1V:lk-ne", "blue"),
            token("objective", "3V:lk-w-s", "red"),
            token("objective", "2V:lk-ne", "green"),
            token("objective", "3V:hr-e", "red"),
            spawn("1V:hl-n", [1]),
            spawn("3V:hl-s", [2]),
            spawn("2V:hl-w", [3]),
            spawn("5V:hl-e", [4]),
            spawn("5V:hl-w", [], "green"),
        ],
        doors=[{"id": "3V:door-ward", "color": "blue", "open": False}],
        setup={"goals": ["take_all_objectives"], "objective_xp": 5, "door_keys": {"blue": "blue"}, "spawn_dice": 2},
        balance=NIGHT_SHIFT_BALANCE,
    )
    out["rm-airlift"] = mission_toml(
        "rm-airlift", "Airlift",
        "A survivor radioed from the car wash across town. Take the red objectives (5 XP"
        " each) in the diner and the cinema, then gather everyone at the car wash. The helicopter on the helipad"
        " can fly: a pilot can carry three friends over the blocks. The blue spawn zone in the park wakes when"
        " the blue objective is taken.",
        [("9R", 0, 0, 0), ("1R", 1, 0, 90), ("4R", 0, 1, 0), ("7R", 1, 1, 0)],
        [
            token("start", "9R:st-nw"),
            token("helicopter", "9R:hp-e"),
            token("exit", "7R:st-s"),
            token("objective", "1R:rm-nw", "red"),
            token("objective", "7R:rm-sw", "red"),
            token("objective", "4R:rm-se", "blue"),
            spawn("1R:st-e", [1]),
            spawn("7R:st-e", [2]),
            spawn("4R:pk-c", [], "blue"),
        ],
        setup={"goals": ["take_all_objectives", "all_in_exit"], "objective_xp": 5, "helicopter_flies": True,
               "spawn_dice": 2},
        balance=AIRLIFT_BALANCE,
    )
    out["rm-supply-run"] = mission_toml(
        "rm-supply-run", "Supply Run",
        "Six city blocks to comb. The camp needs food, fuel and medicine: take the five objectives"
        " (5 XP each) to win. The green objective opens the green door of the market hall; the pink and blue"
        " spawn zones wake when the objectives of their colour are taken.",
        [("3R", 0, 0, 90), ("2R", 1, 0, 0), ("1R", 2, 0, 0), ("8R", 0, 1, 270), ("4R", 1, 1, 0), ("5R", 2, 1, 270)],
        [
            token("start", "4R:st-c"),
            token("exit", "4R:st-w"),
            token("objective", "1R:rm-ne-b", "red"),
            token("objective", "2R:rm-ne", "pink"),
            token("objective", "2R:rm-s-e", "red"),
            token("objective", "5R:rm-sw", "blue"),
            token("objective", "4R:rm-se", "green"),
            spawn("1R:st-n", [1]),
            spawn("3R:st-n", [2]),
            spawn("2R:st-w", [], "pink"),
            spawn("8R:st-s", [], "blue"),
        ],
        doors=[{"id": "8R:door-market", "color": "green", "open": False}],
        setup={"goals": ["take_all_objectives"], "objective_xp": 5, "door_keys": {"green": "green"}, "spawn_dice": 3},
        balance=SUPPLY_RUN_BALANCE,
    )
    out["rm-quarantine"] = mission_toml(
        "rm-quarantine", "Quarantine",
        "The quarantine camp behind the hospital fell overnight; the team holds the hospital"
        " corridor. Take the red objectives in the camp (5 XP each); the blue one opens the hospital's blue"
        " door, the only way to the chapel and out; the green one waits in the linen room. Every survivor must"
        " escape through the chapel. The tents hide what is left of the camp; the green spawn zone in the"
        " hospital bend wakes when the green objective is taken.",
        [("8V", 0, 0, 0), ("9V", 1, 0, 0), ("6V", 0, 1, 90), ("4V", 1, 1, 90)],
        [
            token("start", "6V:hl-c"),
            token("exit", "6V:hr-se"),
            token("objective", "8V:cp-w", "red"),
            token("objective", "9V:cp-nw", "red"),
            token("objective", "8V:cp-c", "blue"),
            token("objective", "6V:lk-n-c", "green"),
            spawn("8V:cp-n", [1]),
            spawn("9V:cp-n", [2]),
            spawn("4V:hl-w", [], "green"),
        ],
        doors=[{"id": "6V:door-chapel", "color": "blue", "open": False}],
        setup={"goals": ["take_all_objectives", "escape_all"], "objective_xp": 5, "door_keys": {"blue": "blue"},
               "spawn_dice": 3},
        balance=QUARANTINE_BALANCE,
    )
    out["rm-last-flight"] = mission_toml(
        "rm-last-flight", "Last Flight",
        "Hospital, camp, city and helipad: the whole box in one mission. Take the three objectives (5"
        " XP each): fuel in the camp, the pilot's log in the hospital and the keys in the bar. Then everyone"
        " back to the helicopter on the wasteland's landing zone, the only exit. The helicopter can fly; the"
        " blue spawn zone wakes when the blue objective is taken.",
        [("6V", 0, 0, 0), ("7V", 1, 0, 180), ("8V", 2, 0, 0), ("2R", 0, 1, 0), ("1R", 1, 1, 0), ("9R", 2, 1, 0)],
        [
            token("start", "7V:ws-w"),
            token("helicopter", "7V:ws-c"),
            token("exit", "7V:ws-c"),
            token("objective", "8V:cp-c", "red"),
            token("objective", "6V:lk-n-c", "blue"),
            token("objective", "1R:rm-se", "red"),
            spawn("8V:cp-e", [1]),
            spawn("9R:st-se", [2]),
            spawn("6V:hl-w", [], "blue"),
        ],
        setup={"goals": ["take_all_objectives", "all_in_exit"], "objective_xp": 5, "helicopter_flies": True,
               "spawn_dice": 2},
        balance=LAST_FLIGHT_BALANCE,
    )
    return out
