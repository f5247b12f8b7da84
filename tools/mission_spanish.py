"""The Spanish title and story of every mission we ship, in our own words, by mission id.

The three map scripts (make_maps, green_horde_maps, make_invader_maps) write them into each mission
file as ``title_es`` and ``story_es``, next to the English title and the story in the header
comments. A mission of the player's own may leave them out: the English is shown then.
"""

from __future__ import annotations

from collections.abc import Callable

INVADER_NOTE = "La misión del libro; el mapa es nuestro (no tenemos las imágenes de los mapas del libro)."

# mission id → (title, story)
SPANISH: dict[str, tuple[str, str]] = {
    "city-3x3": (
        "Nueve manzanas",
        "Nuestra misión en la ciudad: registra las manzanas en busca de los tres objetivos rojos y luego "
        "escapa en helicóptero desde el helipuerto. Las zonas de aparición azul y verde despiertan cuando se "
        "toma el objetivo de su color."),
    "rm-tutorial-1": (
        "Tutorial 1: Aprender a volar",
        "Se acaban las provisiones y los coches ya no son seguros: el equipo quiere saber si alguien aún "
        "puede pilotar uno de los últimos helicópteros. Llega hasta el helicóptero: ganas cuando todos los "
        "supervivientes iniciales están en la zona de salida durante una fase final. El helicóptero no "
        "puede volar."),
    "rm-tutorial-2": (
        "Tutorial 2: Espíritu de equipo",
        "El equipo tiene un helicóptero y necesita un refugio: el viejo banco, con sus puertas reforzadas, "
        "servirá. La puerta principal (azul) se abre al tomar el objetivo azul, y la de la cámara (rosa) al "
        "tomar el rosa; también se puede rodear por la puerta trasera. Cada objetivo da 5 PX. Llega a la "
        "cámara con todos los supervivientes iniciales: un superviviente escapa desde la zona de salida al "
        "final de su turno si no hay zombis en ella. El helicóptero puede despegar desde el helipuerto. "
        "Lleva al menos un piloto de helicóptero y un superviviente con Descenso en rápel."),
    "rm-airlift": (
        "Puente aéreo",
        "Un superviviente ha llamado por radio desde el túnel de lavado, al otro lado de la ciudad. Toma "
        "los objetivos rojos (5 PX cada uno) del restaurante y del cine, y reúne a todos en el túnel de "
        "lavado. El helicóptero del helipuerto puede volar: un piloto lleva a tres compañeros por encima "
        "de las manzanas. La zona de aparición azul del parque despierta al tomar el objetivo azul."),
    "rm-field-hospital": (
        "Hospital de campaña",
        "El ejército abandonó a toda prisa su hospital de campaña: registra las tiendas y la sala en busca "
        "de los tres objetivos rojos (5 PX cada uno) y reagrupaos junto al helicóptero del descampado. "
        "Cada tienda esconde una sorpresa. La zona de aparición azul despierta al tomar el objetivo azul."),
    "rm-last-flight": (
        "Último vuelo",
        "Hospital, campamento, ciudad y helipuerto: toda la caja en una misión. Toma los tres objetivos "
        "(5 PX cada uno): el combustible en el campamento, el diario del piloto en el hospital y las llaves "
        "en el bar. Después, todos de vuelta al helicóptero en la zona de aterrizaje del descampado, la "
        "única salida. El helicóptero puede volar; la zona de aparición azul despierta al tomar el "
        "objetivo azul."),
    "rm-night-shift": (
        "Turno de noche",
        "Todo ocurre dentro del hospital. Las enfermeras del turno de noche cerraron el almacén de la "
        "farmacia y las taquillas antes de convertirse. Toma los cuatro objetivos (5 PX cada uno) para "
        "ganar. El objetivo azul abre la puerta azul de la sala larga; la zona de aparición verde despierta "
        "al tomar el objetivo verde."),
    "rm-quarantine": (
        "Cuarentena",
        "El campamento de cuarentena detrás del hospital cayó durante la noche; el equipo resiste en el "
        "pasillo del hospital. Toma los objetivos rojos del campamento (5 PX cada uno); el azul abre la "
        "puerta azul del hospital, el único camino hacia la capilla y la salida; el verde espera en la "
        "lencería. Todos los supervivientes deben escapar por la capilla. Las tiendas guardan lo que queda "
        "del campamento; la zona de aparición verde del recodo del hospital despierta al tomar el objetivo "
        "verde."),
    "rm-supply-run": (
        "En busca de provisiones",
        "Seis manzanas que registrar. El campamento necesita comida, combustible y medicinas: toma los "
        "cinco objetivos (5 PX cada uno) para ganar. El objetivo verde abre la puerta verde del mercado; "
        "las zonas de aparición rosa y azul despiertan al tomar los objetivos de su color."),
    "safehouse-3x2": (
        "La cámara acorazada",
        "Nuestra versión del segundo tutorial: el viejo banco es un refugio. Su puerta principal (azul) se "
        "abre al tomar el objetivo azul, y la de la cámara (rosa) al tomar el rosa. El helicóptero puede "
        "despegar desde el helipuerto. Cada objetivo da 5 PX; los supervivientes escapan por la cámara al "
        "final de su turno."),
    "tutorial-2x2": (
        "Alas sobre la sala",
        "Nuestra versión del primer tutorial: cruza el hospital y llega al helicóptero aparcado en el "
        "descampado. Cada loseta de hospital tiene su activador de evento. El helicóptero no puede volar. "
        "Ganas cuando todos los supervivientes iniciales están en la zona de salida en una fase final."),
    "gh-tutorial": (
        "Tutorial: El santuario del mal",
        "La capilla de la colina fue el último lugar donde alguien rezó antes de que llegara la Horda. Las "
        "reliquias de su cripta y de la posada quizá digan dónde empezó la plaga: recógelas y sal por el "
        "camino del sur. Objetivo: toma los dos objetivos (5 PX cada uno) y luego reúne a todos los "
        "supervivientes que sigan en pie en la zona de salida en una fase final."),
    "gh-01-dragon-bile": (
        "En busca de la Bilis de Dragón",
        "Los viejos granjeros guardaban tarros de Bilis de Dragón para quemar tocones. Dos granjas aún "
        "esconden los suyos: uno en el granero y otro en los almacenes del pueblo. Ya hay un charco en el "
        "mercado. Quema a los orcos y sal por el camino del este. Objetivo: toma los dos objetivos (dan "
        "Bilis de Dragón y una Antorcha), mata 2 zombis con Fuego de Dragón y luego todos los supervivientes "
        "que sigan en pie en la zona de salida en una fase final."),
    "gh-02-necromancers": (
        "¿Nigromantes orcos?",
        "Un orco con túnica recorre la plaza del pueblo sin que los muertos lo toquen. No es un zombi: los "
        "dirige. Huirá hacia los campos del oeste para extender la plaga. Atrápalo antes de que huya. "
        "Objetivo: mata al Nigromante Orco y luego todos los supervivientes que sigan en pie en la zona de "
        "salida en una "
        "fase final. Si escapa un Nigromante y quedan demasiadas fichas de aparición, se pierde la partida."),
    "gh-03-know-your-enemy": (
        "Conoce a tu enemigo",
        "Una Abominación Orca vigila el estanque. Ninguna de nuestras hojas atraviesa su piel; una piedra "
        "del Trabuquete sí, y el Fuego de Dragón también. La atalaya y los almacenes guardan lo necesario "
        "para probar ambas cosas. Objetivo: mata a la Abominación Orca y toma los dos objetivos (dan Bilis "
        "de Dragón y una Antorcha)."),
    "gh-04-river-of-the-dead": (
        "El río de los muertos",
        "Los muertos bajan flotando por el río y salen allí donde la orilla es baja. La posada y la "
        "curtiduría de la otra orilla guardaron los únicos remos de las barcas. Cruza por el vado, tráelos "
        "y vuelve. Objetivo: toma los dos objetivos de la otra orilla y luego todos los supervivientes que "
        "sigan en pie en la zona de salida en una fase final. Salir de una zona inundada cuesta una acción "
        "más, salvo por una "
        "orilla; los zombis nunca trepan un desnivel."),
    "gh-05-purifying-flood": (
        "La inundación purificadora",
        "El río se desbordó y ahogó la vieja aldea; los muertos aún vadean sus calles. La llave de la "
        "compuerta está en el molino (azul): con ella se abre la puerta azul de la cripta, y la cripta lleva "
        "afuera. El campanario y la tienda inundados guardan hechizos que facilitan vadear. Objetivo: toma "
        "todos los objetivos (el azul abre la puerta azul) y luego todos los supervivientes que sigan en pie "
        "en la zona de "
        "salida en una fase final."),
    "gh-06-breaking-the-siege": (
        "Romper el asedio",
        "La Horda asedia la fortaleza; unas barricadas cierran su patio y dentro ronda una Abominación. "
        "Acerca el Trabuquete hasta tener alcance, rompe el asedio con sus piedras y saca los archivos de la "
        "guarnición del cuartel y de la armería. Objetivo: mata a la Abominación Orca y toma los dos "
        "objetivos. Las barricadas impiden el paso, pero no la vista ni las piedras; los zombis rompen una "
        "cuando no tienen otro camino."),
    "gh-07-blood-and-fire": (
        "Por la sangre y el fuego",
        "Un valle de dos páginas: un Nigromante levanta a los muertos junto al río mientras la Horda se "
        "reúne. Quema lo que levante con la Bilis de Dragón escondida en el valle, mátalo y sal por la aldea "
        "inundada. Objetivo: mata al Nigromante Orco, mata 2 zombis con Fuego de Dragón y luego todos los "
        "supervivientes que sigan en pie en la zona de salida en una fase final. Cada objetivo rojo da una "
        "carta: una "
        "Antorcha, Bilis de Dragón, una Antorcha."),
    "gh-08-selective-slaughter": (
        "Matanza selectiva",
        "Los brutos y los trasgos de la Horda la guían: diezma a los Gordos y a los Corredores antes de que "
        "la masa los siga y vuelve a casa por los campos. Objetivo: mata 1 Gordo Orco y 2 Corredores "
        "Orcos y luego todos los supervivientes que sigan en pie en la zona de salida en una fase "
        "final."),
    "gh-09-fallen-fortress": (
        "La fortaleza caída",
        "La fortaleza cayó, pero sus salas del tesoro no: el torreón y la armería guardan armas de la Cámara "
        "de la vieja guarnición. Encuéntralas y sal por el camino de la mansión. Objetivo: toma todos los "
        "objetivos (los dos azules dan una carta de la Cámara cada uno) y luego todos los supervivientes que "
        "sigan en pie en "
        "la zona de salida en una fase final."),
    "inv-m0": (
        "M0 Tutorial: ¡Brecha!",
        INVADER_NOTE + " Los xenos han entrado en la base. Toma el objetivo rojo, la ametralladora "
        "Prototipo con su Célula de Energía, y luego todos los supervivientes escapan por la zona de salida "
        "(sin ningún xeno en ella)."),
    "inv-m1": (
        "M1 Reunir fuerzas",
        INVADER_NOTE + " Reagrupaos: ganas cuando, en una fase final, todos los supervivientes están en la "
        "zona de la Torreta sin ningún xeno. El equipo empieza dividido en dos grupos, colocados al azar en "
        "las dos zonas de inicio. Cada objetivo da 5 PX; uno rojo da además un arma Prototipo al azar. "
        "Xenos por todas partes: las zonas de aparición morada y verde despiertan en cuanto aparece Moho a "
        "su lado, y su Moho inactivo pasa a activo."),
    "inv-m2": (
        "M2 Rock'n Rolly",
        INVADER_NOTE + " Por orden: encuentra el traje espacial del niño (el objetivo blanco), toma a Rolly "
        "(el objetivo azul) y luego todos los supervivientes escapan. Si un xeno se activa en la zona de "
        "Rolly antes de tomar la ficha azul, se pierde la partida. Cada superviviente empieza con una "
        "Bombona de Oxígeno equipada. Cada objetivo da 5 PX; uno rojo da además un arma Prototipo al azar."),
    "inv-m3": (
        "M3 La retaguardia",
        INVADER_NOTE + " Mantén a todos los xenos fuera de la zona de salida hasta evacuar a las familias y "
        "luego escapa. Las diez familias son fichas de Ruido en la zona de salida: la fase final no las "
        "retira, quita una cada vez. Cada objetivo da 5 PX; uno rojo da además un arma Prototipo al azar."),
    "inv-m4": (
        "M4 Los ingenieros",
        INVADER_NOTE + " Encuentra a los científicos (los objetivos azul y blanco) y luego todos los "
        "supervivientes escapan. Los científicos no son supervivientes: no hacen Ruido ni atraen xenos. "
        "Cada superviviente empieza con una Bombona de Oxígeno equipada. Cada objetivo da 5 PX; uno rojo da "
        "además un arma Prototipo al azar."),
    "inv-m5": (
        "M5 Carrera armamentística",
        INVADER_NOTE + " Toma los cuatro Prototipos (los objetivos rojos); los de color son para quien los "
        "quiera. Después, todos los supervivientes escapan. Quien lo encuentra se lo queda: cada objetivo "
        "rojo da 5 PX y un Prototipo al azar."),
    "inv-m6": (
        "M6 Jugar con fuego",
        INVADER_NOTE + " Encuentra y destruye la ficha de aparición morada: está boca abajo entre las fichas "
        "de aparición de las losetas 01-V y 02-V. El Fuego Infernal retira allí una ficha de aparición (y el "
        "Moho que tenga debajo); entonces se ve su color. Cada objetivo da 5 PX; uno rojo da además un arma "
        "Prototipo al azar. El primer objetivo rojo que se toma da además un Lanzallamas y dos Bidones (nuestro)."),
    "inv-m7": (
        "M7 Hamburguesería Xenium",
        INVADER_NOTE + " Toma todos los objetivos y luego todos los supervivientes escapan. Cada "
        "superviviente empieza con una Bombona de Oxígeno. No sois bienvenidos: las puertas morada y verde "
        "se abren con normalidad, pero la zona de aparición morada despierta al tomar el objetivo morado o "
        "al destruir la puerta morada (también el Moho); la verde igual. El Fuego Infernal retira fichas de "
        "aparición. Cada objetivo da 5 PX; uno rojo da además un arma Prototipo al azar (mientras queden)."),
    "inv-m8": (
        "M8 Código naranja",
        INVADER_NOTE + " Toma todos los objetivos y lleva a todos los supervivientes al nivel de peligro "
        "naranja o superior. Puerta sellada: la esclusa junto a la ficha de salida está sellada; el Robot, "
        "de pie ante esa puerta, la abre con una acción. Cada objetivo da 5 PX; uno rojo da además un arma "
        "Prototipo al azar. El primer objetivo rojo que se toma da además una Cortadora pesada y una Motosierra "
        "(nuestro)."),
    "inv-m9": (
        "M9 Invitados no deseados",
        INVADER_NOTE + " Todos los supervivientes, y los dos científicos, llegan a la zona de salida. Los "
        "científicos (los objetivos azul y blanco) no se pueden tomar: cuentan como supervivientes y avanzan "
        "una zona hacia la salida al final de cada fase de jugadores. Cada objetivo da 5 PX; uno rojo da "
        "además un arma Prototipo al azar."),
    "inv-m10": (
        "M10 De vuelta a los orígenes",
        INVADER_NOTE + " Toma todos los objetivos, equipa a cada superviviente con una Bombona de Oxígeno "
        "nueva y reúne todas las muestras de xeno: mata en cuerpo a cuerpo a un Obrero, un Tanque, un "
        "Cazador y la Abominación Spoiler, y gasta una acción en una zona de aparición para el Moho. Cada "
        "superviviente empieza con una Bombona de Oxígeno que se descarta en cuanto entra en una esclusa. "
        "Cada objetivo da 5 PX; uno rojo da además un arma Prototipo al azar."),
}


def spanish_lines(mission_id: str, value: Callable[[object], str]) -> list[str]:
    """The mission file's ``title_es`` and ``story_es`` lines, each value written by the script's
    ``value`` (its TOML writer); none for a mission without Spanish."""
    if mission_id not in SPANISH:
        return []
    title, story = SPANISH[mission_id]
    return [f"title_es = {value(title)}", f"story_es = {value(story)}"]
