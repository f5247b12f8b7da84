"""The Spanish names of the Zombicide zones the map scripts label, by their English label.

The scripts write each as the zone's ``label_es`` property next to ``label``; the
window shows it when the player's language is Spanish. A label missing here is written without one
(the English label is shown then)."""

from __future__ import annotations

LABELS_ES: dict[str, str] = {
    # Zombicide: the city, the hospital and the camp (Rue Morgue)
    "Apartment": "Apartamento", "Bakery": "Panadería", "Bank hall": "Vestíbulo del banco", "Bar": "Bar",
    "Boxing ring": "Ring de boxeo", "Café": "Cafetería", "Car wash": "Túnel de lavado", "Chapel": "Capilla",
    "Children's ward": "Pediatría", "Cinema": "Cine", "Clinic": "Consultorio", "Cold room": "Cámara frigorífica",
    "Counter": "Mostrador", "Diner": "Restaurante", "Flat": "Piso", "Garage": "Garaje", "Grocery": "Tienda de comestibles",
    "Gym": "Gimnasio", "Hardware": "Ferretería", "Helipad": "Helipuerto", "Isolation": "Aislamiento",
    "Kitchen": "Cocina", "Landing zone": "Zona de aterrizaje", "Laundromat": "Lavandería", "Library": "Biblioteca",
    "Linen room": "Lencería", "Lockers": "Taquillas", "Long ward": "Sala larga", "Market": "Mercado",
    "Market hall": "Mercado cubierto", "Motel room": "Habitación de motel", "Office": "Oficina",
    "Operating theatre": "Quirófano", "Park": "Parque", "Parking": "Aparcamiento", "Pawn shop": "Casa de empeños",
    "Pharmacy": "Farmacia", "Pharmacy store": "Almacén de farmacia", "Pizzeria": "Pizzería", "Quarantine": "Cuarentena",
    "Reading room": "Sala de lectura", "Recovery": "Sala de recuperación", "Room 201": "Habitación 201",
    "Room 202": "Habitación 202", "Room 203": "Habitación 203", "Room 301": "Habitación 301",
    "Room 302": "Habitación 302", "Room 401": "Habitación 401", "Room 402": "Habitación 402",
    "Room 403": "Habitación 403", "Room 501": "Habitación 501", "Room 502": "Habitación 502",
    "Room 601": "Habitación 601", "Room 602": "Habitación 602", "Scrub room": "Sala de lavado quirúrgico",
    "Showers": "Duchas", "Staff lockers": "Taquillas del personal", "Storeroom": "Almacén",
    "Supply room": "Cuarto de suministros", "Surgery": "Cirugía", "Theatre": "Teatro", "Triage": "Triaje",
    "Vault office": "Despacho de la cámara", "Waiting room": "Sala de espera", "Ward A": "Sala A", "Ward B": "Sala B",
    "X-ray": "Rayos X", "Archive": "Archivo", "Back store": "Trastienda", "Store A": "Almacén A",
    "Store B": "Almacén B", "Store C": "Almacén C", "Store D": "Almacén D", "Weapons locker": "Armero",
    # Green Horde: the villages, the fields, the river and the fortress
    "Apple orchard": "Manzanar", "Armoury": "Armería", "Bailey": "Patio de armas", "Barley field": "Campo de cebada",
    "Barn": "Granero", "Bean field": "Campo de habas", "Belfry": "Campanario", "Boathouse": "Cobertizo de barcas",
    "Bog": "Ciénaga", "Bridge": "Puente", "Butcher": "Carnicería", "Cabbage field": "Campo de coles",
    "Chandler": "Cerería", "Chapel nave": "Nave de la capilla", "Cider press": "Lagar de sidra", "Cooper": "Tonelería",
    "Crypt": "Cripta", "Drowned house": "Casa anegada", "Drowned inn": "Posada anegada",
    "Drowned shop": "Tienda anegada", "Drying shed": "Secadero", "Dyer": "Tintorería", "Far bank": "Otra orilla",
    "Farmhouse": "Casa de labranza", "Farmyard": "Corral", "Ferryman's hut": "Cabaña del barquero",
    "Fisher's hut": "Cabaña del pescador", "Flax field": "Campo de lino", "Flooded square": "Plaza inundada",
    "Flooded street": "Calle inundada", "Ford": "Vado", "Gate": "Puerta", "Graveyard": "Cementerio",
    "Guardhouse": "Cuerpo de guardia", "Hayfield": "Henar", "Heath": "Brezal", "Herb garden": "Huerto de hierbas",
    "Islet": "Islote", "Keep": "Torreón", "Kitchen garden": "Huerto", "Manor hall": "Salón de la mansión",
    "Marsh": "Marisma", "Maze": "Laberinto", "Maze heart": "Centro del laberinto", "Meadow": "Prado",
    "Mill stream": "Caz del molino", "Miller's house": "Casa del molinero", "Millpond meadow": "Prado del estanque",
    "North bank": "Orilla norte", "Oat field": "Campo de avena", "Old graveyard": "Cementerio viejo",
    "Old orchard": "Huerto viejo", "Pasture": "Pasto", "Pear orchard": "Peral", "Plum orchard": "Ciruelar",
    "Pond": "Estanque", "Reed bank": "Cañaveral", "River": "Río", "Rose garden": "Rosaleda", "Rye field": "Campo de centeno",
    "Shepherd's hut": "Cabaña del pastor", "Smithy": "Herrería", "Spoil heap": "Escombrera", "Stable": "Establo",
    "Stalls": "Puestos", "Tailor": "Sastrería", "Tannery": "Curtiduría", "The Green Boar inn": "Posada del Jabalí Verde",
    "Tower ruins": "Ruinas de la torre", "Town stores": "Almacenes del pueblo", "Turnip field": "Campo de nabos",
    "Tussocks": "Matojos", "Village square": "Plaza del pueblo", "Watch post": "Puesto de vigía",
    "Watchtower": "Atalaya", "Watermill": "Molino de agua", "Weaver's cottage": "Casa del tejedor",
    "Wet meadow": "Prado húmedo", "Wheat field": "Campo de trigo", "Willow bank": "Orilla de los sauces",
    "Willows": "Sauces", "Wool store": "Almacén de lana", "Workshop": "Taller",
    # Invader: the base on PK-L7
    "Airlock": "Esclusa", "Armory": "Arsenal", "Barracks": "Barracones", "Bunker": "Búnker",
    "Bunker airlock": "Esclusa del búnker", "Bunks A": "Literas A", "Bunks B": "Literas B", "Bunks C": "Literas C",
    "Camp airlock": "Esclusa del campamento", "Comms": "Comunicaciones", "Dish": "Antena", "Drill shed": "Nave de perforación",
    "Galley": "Cocina de a bordo", "Gate airlock": "Esclusa de la puerta", "Greenhouse": "Invernadero",
    "Greenhouse airlock": "Esclusa del invernadero", "Hangar": "Hangar", "Hangar airlock": "Esclusa del hangar",
    "Lab A": "Laboratorio A", "Lab B": "Laboratorio B", "Lander hatch": "Escotilla del módulo",
    "Landing pad": "Plataforma de aterrizaje", "Life support": "Soporte vital", "Medbay": "Enfermería",
    "Mess": "Comedor", "Nest": "Nido", "O2 store": "Depósito de O2", "Outpost": "Puesto avanzado",
    "Oxygen plant": "Planta de oxígeno", "Pad airlock": "Esclusa de la plataforma", "Perimeter airlock": "Esclusa del perímetro",
    "Reactor": "Reactor", "Refinery": "Refinería", "Refinery airlock": "Esclusa de la refinería",
    "Rover garage": "Garaje del vehículo", "Sample store": "Almacén de muestras", "Secure lab": "Laboratorio seguro",
    "Security hub": "Centro de seguridad", "Shuttle bay": "Muelle de lanzaderas", "Wrecked lander": "Módulo estrellado",
}
