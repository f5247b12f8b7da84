"""The Zombieworld tutorial's mission file (maps/zombieworld/zw-tutorial.toml), written by
``make maps`` like every shipped map: edit the prompts and the set-up here, then run ``make maps``.
The format: docs/tutorials.md ("A Zombieworld tutorial")."""

from __future__ import annotations

from pathlib import Path

FILE_NAME = "zw-tutorial.toml"

TUTORIAL_TOML = """# Zombieworld tutorial: Marta's crew at the crossroads. Three survivors, a few walkers in the street
# and three crates, one of which may hold the antidote. Two rounds. The prompts below teach a
# newcomer to activate, move with the tape, shoot, fight, search, and what the zombies do.
schema_version = 1
id = "zw-tutorial"
title = "Tutorial: the crossroads"
title_es = "Tutorial: el cruce"
game = "zombieworld"

[[modules]]
map = "zw-crossroads.tmx"
col = 0
row = 0

[setup]
scenario = "antidote"
seed = 3
rounds = 2
spawn_dice = 1
zombies_at = [[33.0, 66.0], [22.0, 71.5]]
containers_at = [[8.0, 88.0], [44.0, 84.0], [30.0, 46.0]]
view_cm = [0.0, 38.0, 62.0, 60.0]  # what Fit frames while the prompts show: the band, the walkers, the crates

[setup.stand_at]
Marta = [8.0, 57.0]
Leo = [8.0, 64.0]
Nia = [6.0, 72.0]

[setup.band]
name = "Marta & Co."
band_type = "citizens"

[[setup.band.members]]
name = "Marta"
rank = "hardened"
hand = ["pistol", "blade"]

[[setup.band.members]]
name = "Leo"
rank = "rookie"
hand = ["baseball_bat"]

[[setup.band.members]]
name = "Nia"
rank = "rookie"
hand = ["blunt"]

# The steps: each points at a spot (cm from the table's top-left corner) or a model, and ends when
# the player taps Next or when the table shows the event named by `until` (docs/tutorials.md).

[[tutorial]]
text = "Welcome to Zombieworld! You lead Marta & Co.: Marta, Leo and Nia, on the left of the table. Your goal: find the antidote in one of the three crates and still hold it when round 2 ends. Distances are in centimetres."
text_es = "¡Bienvenido a Zombieworld! Diriges a Marta & Co.: Marta, Leo y Nia, a la izquierda de la mesa. Tu objetivo: encontrar el antídoto en una de las tres cajas y tenerlo aún al acabar la ronda 2. Las distancias van en centímetros."
model = "red:Marta"

[[tutorial]]
text = "Survivors act one at a time, the most skilled first. Tap Marta (amber ring) to activate her: a die at or under her skill lets her act this round."
text_es = "Los supervivientes actúan de uno en uno, primero el más hábil. Toca a Marta (anillo ámbar) para activarla: un dado igual o menor que su habilidad le deja actuar esta ronda."
model = "red:Marta"
until = "activated"
match = "red:Marta"

[[tutorial]]
text = "The green area is how far Marta can walk: 15 cm. Drag her to the ringed spot; the tape tells the centimetres used and left. Let go to move."
text_es = "La zona verde es hasta dónde puede andar Marta: 15 cm. Arrástrala al punto rodeado; la cinta dice los centímetros usados y los que quedan. Suelta para mover."
spot_cm = [20.0, 61.0]
until = "model_moved"
match = "red:Marta"

[[tutorial]]
text = "A walker in the street, within her pistol's 20 cm. Tap it (orange ring): the panel shows the range, whether she sees it, its cover and her chance to wound. Press Fire."
text_es = "Un caminante en la calle, a menos de los 20 cm de su pistola. Tócalo (anillo naranja): el panel muestra el alcance, si lo ve, su cobertura y su probabilidad de herir. Pulsa Disparar."
model = "z1"
until = "shot_fired"

[[tutorial]]
text = "Each survivor has a move and one action: a shot, a fight, a search... Marta is done: press End activation."
text_es = "Cada superviviente tiene un movimiento y una acción: disparar, luchar, registrar... Marta ha terminado: pulsa Terminar activación."
until = "activation_ended"
match = "red:Marta"

[[tutorial]]
text = "Now Nia. Tap her to activate her."
text_es = "Ahora Nia. Tócala para activarla."
model = "red:Nia"
until = "activated"
match = "red:Nia"

[[tutorial]]
text = "Drag Nia until she touches the ringed crate, then press Search the container (under More… when the bar has no room for it). A 5 or 6 finds the antidote."
text_es = "Arrastra a Nia hasta que toque la caja rodeada y pulsa Registrar el contenedor (en Más… si no cabe en la barra). Un 5 o un 6 encuentra el antídoto."
spot_cm = [8.0, 88.0]
until = "dice_rolled"
match = "container"

[[tutorial]]
text = "Found it? Then keep Nia away from the zombies. If not, another survivor may search a crate later. Press End activation."
text_es = "¿Lo has encontrado? Entonces mantén a Nia lejos de los zombis. Si no, otro superviviente puede registrar una caja más tarde. Pulsa Terminar activación."
model = "red:Nia"
until = "activation_ended"
match = "red:Nia"

[[tutorial]]
text = "Leo carries a baseball bat: he fights up close. Tap him to activate him."
text_es = "Leo lleva un bate de béisbol: lucha cuerpo a cuerpo. Tócalo para activarlo."
model = "red:Leo"
until = "activated"
match = "red:Leo"

[[tutorial]]
text = "Charge: drag Leo onto the ringed walker and let go touching it. Each side rolls its combat dice; the higher total wounds the other."
text_es = "Carga: arrastra a Leo sobre el caminante rodeado y suelta tocándolo. Cada bando tira sus dados de combate; el total más alto hiere al otro."
model = "z2"
until = "melee_fought"

[[tutorial]]
text = "When your survivors have all acted, the zombies move toward the nearest survivor and fight whoever they reach. Press End activation to end the round."
text_es = "Cuando todos tus supervivientes han actuado, los zombis avanzan hacia el superviviente más cercano y luchan con quien alcanzan. Pulsa Terminar activación para acabar la ronda."
until = "round_started"

[[tutorial]]
text = "Round 2. At the start of each round the zombie dice are rolled at your leader: each 4 or more brings a walker 40 cm from her, in a random direction (the log tells it). Shots make noise too: a BANG marker may draw more."
text_es = "Ronda 2. Al empezar cada ronda se tiran los dados de zombis junto a tu líder: cada 4 o más trae un caminante a 40 cm de ella, en una dirección al azar (el registro lo cuenta). Los disparos también hacen ruido: un marcador de BANG puede atraer más."

[[tutorial]]
text = "The last round: activate each survivor in turn and keep the antidote away from the walkers. When round 2 ends the game ends, and you win if you hold the antidote."
text_es = "La última ronda: activa a cada superviviente por turno y aleja el antídoto de los caminantes. Al acabar la ronda 2 acaba la partida, y ganas si tienes el antídoto."
model = "red:Nia"
until = "game_ended"
"""


def write_all(root: Path) -> list[Path]:
    """Write the tutorial into ``root``/zombieworld; the paths written."""
    path = root / "zombieworld" / FILE_NAME
    path.write_text(TUTORIAL_TOML, encoding="utf-8")
    return [path]
