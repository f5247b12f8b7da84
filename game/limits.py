"""Every limit a file must respect, in one place (``maps/README.md`` §7 lists them for players).

Each limit is checked before the heavy work it guards (parsing, inflating, building a grid,
replaying), and refusing gives one clear message naming the file. Nothing a player would make
comes near them: the shipped maps, missions and saves use a small fraction of each. This module
imports nothing, so every layer may import it.
"""

KIB = 1024
MIB = 1024 * KIB

# --- file sizes, checked before a file is read ---------------------------------------------------

MAX_MAP_FILE_BYTES = 8 * MIB  # a Tiled map (.tmx); the shipped ones are under 12 KB
MAX_TILESET_FILE_BYTES = 2 * MIB  # a Tiled tileset (.tsx)
MAX_IMAGE_FILE_BYTES = 32 * MIB  # a tileset image
MAX_MISSION_FILE_BYTES = 1 * MIB  # a mission (.toml)
MAX_SAVE_FILE_BYTES = 16 * MIB  # a game save, table save, campaign or band (.json)
MAX_DATA_FILE_BYTES = 4 * MIB  # any other data file: token manifest, content tables, scenario files

# --- maps ----------------------------------------------------------------------------------------

MAX_MAP_TILES = 1024  # a map's (or tile layer's) width or height, in tiles
MAX_LAYER_CELLS = 262_144  # tiles in one tile layer (width × height: 512 × 512)
MAX_MAP_CELLS = 1_048_576  # tiles in all tile layers of a map together
MAX_LAYERS = 64  # layers of a map (tile, object, image and group layers)
MAX_TILE_PX = 1024  # a tile's width or height, in pixels
MAX_MAP_SIDE_PX = 8192  # a map's width or height, in pixels (tiles × tile size)
MAX_MAP_PIXELS = 33_554_432  # a map's width × height in pixels (32 Mpx: the module's art surface)
MAX_TILESETS = 64  # tilesets of a map
MAX_TILESET_TILES = 65_536  # tiles one tileset cuts from its image (or holds as images)
MAX_TILE_GID = 0xFFFF_FFFF  # a tile number in layer data, flip flags included (32 bits)
MAX_IMAGE_SIDE_PX = 16_384  # a tileset image's width or height, declared and read from its header
MAX_IMAGE_PIXELS = 33_554_432  # a tileset image's width × height (32 Mpx: 128 MB decoded)
MAX_OBJECTS = 2_000  # objects of a map, in all its object layers (the shipped ones have under 50)
MAX_ZONES = 500  # zones of one module (the shipped ones have under 30)
MAX_POLYGON_POINTS = 128  # points of one polygon or polyline
MAX_MAP_POINTS = 10_000  # points of all the polygons and polylines of a map together
MAX_ZONE_OVERLAP_WORK = 250_000  # corner pairs compared to prove that a module's zones do not overlap
MAX_PROPERTIES = 256  # custom properties of one map, layer, tileset, tile or object
MAX_COORDINATE_PX = 1_000_000  # an object's x, y, width, height or point, in pixels
MIN_SCALE_PX_PER_CM = 0.1  # a map's ``scale``
MAX_SCALE_PX_PER_CM = 1000.0

# --- missions and assembled boards ---------------------------------------------------------------

MAX_MODULES = 64  # modules a mission places
MAX_MISSION_GRID = 16  # a module's ``col`` and ``row`` are below this
MAX_MISSION_ENTRIES = 1_000  # ``[[markers]]`` or ``[[doors]]`` of one mission
MAX_BOARD_SIDE_CM = 2_000.0  # a module's or a whole board's width or height, in cm (20 m)
MAX_BOARD_CELLS = 250_000  # cells of the zone lookup grid of an assembled board (500 × 500)
MAX_ZONE_GRID_WORK = 10_000_000  # cell tests to lay one module's zones on the grid (box cells × corners)
MAX_SIGHT_STEPS = 2_000_000  # grid steps walked to trace every sight line of a board

# --- the table and its saves ---------------------------------------------------------------------

MAX_PIECES = 2_000  # pieces on one table
MIN_BASE_CM = 0.1  # a piece's base diameter
MAX_BASE_CM = 100.0
MAX_COORDINATE_CM = 100_000.0  # a piece's or the camera's x or y, in cm (1 km either way)
MIN_SAVED_ZOOM_PX_PER_CM = 0.01  # the camera zoom a table save may hold
MAX_SAVED_ZOOM_PX_PER_CM = 1000.0

# --- game saves ----------------------------------------------------------------------------------

MAX_COMMANDS = 20_000  # commands in one game's log (replayed on loading)

# --- any data file -------------------------------------------------------------------------------

MAX_NESTING = 32  # depth of lists and tables inside lists and tables (JSON, TOML)
MAX_NUMBER_CHARS = 40  # characters of one number written in a JSON file
MAX_PATH_CHARS = 1024  # characters of a path written in a file
# Strings never hold a NUL character (a path with one cannot even be opened).

# --- campaigns and bands (Zombieworld) -----------------------------------------------------------

MAX_BAND_MEMBERS = 30  # members of one saved band or campaign band
MAX_CAMPAIGN_GAMES = 10_000  # games a campaign has recorded
MAX_GLORY = 1_000_000  # a campaign band's glory, either way (penalties may leave it below 0)

# --- scenario sketches (Zombicide) ---------------------------------------------------------------

MAX_SKETCH_ZONES = 400  # zones of a scenario file's sketched board

# --- saves on disk -------------------------------------------------------------------------------

SAVE_LOCK_WAIT_S = 2.0  # how long a second writer of a save slot waits before it is told
STALE_TEMP_AGE_S = 300.0  # a leftover temporary file of a save this old is removed on start
