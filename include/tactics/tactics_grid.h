/* tactics-grid's C API (C99): movement ranges, danger counts, distance fields and routes on a
 * tactics grid, from C or any language with a C FFI. Link libtactics_c (CMake: tactics::c;
 * pkg-config: tactics-c).
 *
 *   tg_board *board;   tg_board_create(w, h, terrain, 5, &board);      terrain indices 0..63
 *   tg_solver *solver; tg_solver_create(board, TG_BACKEND_AUTO, TG_CONTEXT_NONE, &solver);
 *   tg_unit units[2] = {...};
 *   tg_range_out out = {cost, n, kind, n, parent, n};
 *   if (tg_solve_range(solver, units, 2, 0, NULL, &out) != TG_OK) puts(tg_last_error());
 *
 * Ownership: every tg_*_create has a tg_*_destroy (NULL is fine there); a create that fails
 * sets *out to NULL. Output buffers belong to
 * the caller and come with their capacities in elements; a NULL buffer is skipped, one that is
 * too small is TG_ERROR_BUFFER_TOO_SMALL and nothing is written. A NULL handle is
 * TG_ERROR_NULL_HANDLE. No call aborts or throws.
 *
 * Threading: a board is read-only once made and may be shared by any number of threads and
 * solvers. A solver belongs to one thread at a time; a GL one (its backend is not CPU, or
 * TG_BACKEND_AUTO found a context) to the thread that made it: with a headless context, whose
 * context it made current; with TG_CONTEXT_CURRENT, the thread where the caller's context is
 * current at each call. Use one solver per thread. tg_last_error() is per thread.
 *
 * On the caller's own context (a game window's: tg_load_gl, TG_CONTEXT_CURRENT), every call puts
 * back the GL state the caller had (framebuffers, viewport, program, vertex array, texture
 * bindings, pixel store...), and tg_solver_range_texture gives the last range's answer as a
 * texture to draw with no copy.
 *
 * Batches (tg_solve_batch): every unit of many same-sized boards in one call, for agents that
 * step thousands of environments, on a pool of threads or a GL solver.
 *
 * Rules (SPEC §11): attack sets (tg_attack), zone of control and ignoring units (tg_rules),
 * skills and hidden enemies (tg_unit), up to 64 terrains (tg_board_create, tg_class).
 *
 * Combat (SPEC §14): a unit's hp, str, def, spd and lord (tg_unit); tg_forecast, the outcome
 * of one attack. */
#ifndef TACTICS_GRID_H
#define TACTICS_GRID_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum tg_status {
  TG_OK = 0,
  TG_ERROR_NULL_HANDLE = 1,      /* a handle or a required pointer was NULL */
  TG_ERROR_INVALID_ARGUMENT = 2, /* a value out of its range; tg_last_error() says which */
  TG_ERROR_BUFFER_TOO_SMALL = 3, /* an output buffer holds fewer elements than the map's cells */
  TG_ERROR_INVALID_QUERY = 4,    /* a unit's value out of range, or the units or the query do
                                    not fit the board (SPEC §2, §6) */
  TG_ERROR_BACKEND = 5,          /* the backend cannot run here (no GL context, no GL 4.3...) */
  TG_ERROR_OUT_OF_MEMORY = 6
} tg_status;

/* A fixed sentence for the status ("the output buffer is too small"); never NULL. */
const char *tg_status_message(tg_status status);
/* The full message of the last failed call on this thread, the CLI's error text; "" after a
 * success. Valid until the next call on this thread. */
const char *tg_last_error(void);

/* The library's version, "0.1.0". */
const char *tg_version(void);

/* ---- Boards: terrain indices ---- */

enum { TG_MAX_TERRAINS = 64, TG_MAX_MOVE = 255, TG_MAX_ATTACK = 255, TG_MAX_SIDE = 4096 };

/* The terrain of an image map's grey (SPEC §1): 0..50 plains 0, ..51-101 forest 1, 102-152
 * hills 2, 153-203 mountains 3, 204-255 wall 4. */
int tg_terrain_from_grey(uint8_t grey);

typedef struct tg_board tg_board;
/* A width x height board (1..4096 a side), `terrain` row by row from the top, each 0..
 * terrain_count-1; terrain_count 5..64 (SPEC §11.1: 0..4 are plains, forest, hills, mountains and
 * wall; later ones are the game's own). */
tg_status tg_board_create(int width, int height, const uint8_t *terrain, int terrain_count,
                          tg_board **out);
void tg_board_destroy(tg_board *board);
int tg_board_width(const tg_board *board);
int tg_board_height(const tg_board *board);

/* A board's grid (SPEC §13): square, or one of the four hexagonal layouts Tiled writes, named
 * by its stagger axis (y: rows staggered, pointy-top; x: columns, flat-top) and index (which rows
 * or columns are shifted half a cell). Cell (x, y) is still column x, row y. */
typedef enum tg_grid {
  TG_GRID_SQUARE = 0,
  TG_GRID_HEX_Y_ODD = 1,
  TG_GRID_HEX_Y_EVEN = 2,
  TG_GRID_HEX_X_ODD = 3,
  TG_GRID_HEX_X_EVEN = 4
} tg_grid;
/* tg_board_create on the grid `grid`: every solver made for the board steps to its neighbours
 * (six on hex, in SPEC §13's order) and measures attacks in its distance. */
tg_status tg_board_create_grid(int width, int height, const uint8_t *terrain, int terrain_count,
                               tg_grid grid, tg_board **out);
/* The board's grid; TG_GRID_SQUARE for NULL. */
tg_grid tg_board_grid(const tg_board *board);
/* "square", "hex-y-odd", "hex-y-even", "hex-x-odd" or "hex-x-even"; NULL for another value. */
const char *tg_grid_name(tg_grid grid);
/* The grid a name above stands for, into *out; TG_ERROR_INVALID_ARGUMENT for another name. */
tg_status tg_grid_from_name(const char *name, tg_grid *out);

/* ---- Movement classes: the cost of entering each terrain ---- */

typedef struct tg_class tg_class;
/* `costs[t]` for terrains 0..count-1 (count 1..64): 1..15, or 0 for impassable; terrains from
 * `count` on are impassable. */
tg_status tg_class_create(const uint8_t *costs, int count, tg_class **out);
/* "foot" (1,2,4,8,x), "mounted" (1,3,5,x,x), "armour" (1,3,6,x,x) or "flier" (1,1,1,1,x). */
tg_status tg_class_preset(const char *name, tg_class **out);
void tg_class_destroy(tg_class *movement);

/* ---- Units and rules ---- */

typedef enum tg_team { TG_TEAM_PLAYER = 0, TG_TEAM_ENEMY = 1, TG_TEAM_ALLY = 2 } tg_team;
enum { TG_SKILL_PASS = 1, TG_SKILL_SKIRMISHER = 2 };

/* An attack set (SPEC §11.4): `count` ranges min[i]..max[i] (1 <= min <= max <= 255), up to 8;
 * count 0 cannot attack. */
typedef struct tg_attack {
  int count;
  int min[8];
  int max[8];
} tg_attack;

typedef struct tg_unit {
  int x, y;
  tg_team team;
  int move;                 /* Movement Range 0..255 */
  tg_attack attack;
  const tg_class *movement; /* NULL: foot */
  unsigned skills;          /* TG_SKILL_* bits */
  int hidden;               /* an enemy the player's side does not know of (SPEC §11.5) */
  /* SPEC §14 combat, read by tg_forecast alone (the solvers ignore them). Added after `hidden`,
   * so a tg_unit zeroed first (memset, `= {0}`, an initializer that stops before them) is a
   * unit without hit points; code built against the header before them must be rebuilt. */
  int hp;                   /* 1..99, or 0: no hit points (neither attacks nor is attacked) */
  int str, def, spd;        /* 0..99 */
  int lord;                 /* non-zero: a player unit whose fall loses the game */
} tg_unit;

typedef struct tg_rules {
  int zoc;          /* SPEC §11.2 zone of control */
  int ignore_units; /* SPEC §11.6: the mover's range as if no other unit stood on the board */
  int sight;        /* SPEC §11.8 line of sight: attacks only reach cells in sight (square
                       boards; on a hex board TG_ERROR_INVALID_QUERY) */
  uint64_t blocks_sight; /* the terrains that block sight, bit t for terrain index t; 0: the
                            default, terrain 4 (wall) */
} tg_rules;

/* ---- Solvers ---- */

typedef enum tg_backend {
  TG_BACKEND_AUTO = 0,    /* the fastest choice for each job on the context, CPU without one */
  TG_BACKEND_CPU = 1,     /* the reference; needs no GL */
  TG_BACKEND_GPU = 2,     /* the fragment passes (GL 3.3 core or GLES 3.0) */
  TG_BACKEND_COMPUTE = 3  /* one compute dispatch (GL 4.3 core) */
} tg_backend;

typedef enum tg_context {
  TG_CONTEXT_NONE = 0,          /* no GL: the CPU (TG_BACKEND_AUTO runs there too) */
  TG_CONTEXT_HEADLESS_CORE = 1, /* the library makes a headless EGL context, OpenGL core */
  TG_CONTEXT_HEADLESS_ES = 2,   /* the same with OpenGL ES 3.0 (no compute) */
  TG_CONTEXT_CURRENT = 3        /* the caller's context, current on this thread; its functions
                                   loaded for the library with tg_load_gl */
} tg_context;

/* An OpenGL entry point as a loader hands it out, and the loader: glfwGetProcAddress and
 * eglGetProcAddress have this type; SDL_GL_GetProcAddress needs a cast. */
typedef void (*tg_gl_proc)(void);
typedef tg_gl_proc (*tg_gl_loader)(const char *name);

/* Loads the library's OpenGL functions for the context current on this thread, through `load`:
 * call it once that context is current, before tg_solver_create(..., TG_CONTEXT_CURRENT, ...).
 * The library keeps its own function table (its symbols are not exported, so a program's own
 * glad or GLEW is untouched), one for the whole process: it serves every context of the same
 * API where entry points do not depend on the context (GLX, EGL, glvnd); elsewhere load again
 * after switching. TG_ERROR_BACKEND when no context is current or it is older than OpenGL 3.3 /
 * OpenGL ES 3.0. */
tg_status tg_load_gl(tg_gl_loader load);

typedef struct tg_solver tg_solver;
/* A solver for `board` (copied: the board may be destroyed after). */
tg_status tg_solver_create(const tg_board *board, tg_backend backend, tg_context context,
                           tg_solver **out);
void tg_solver_destroy(tg_solver *solver);
/* The backend a job ran on last (never AUTO), or before any the one asked for: AUTO with a GL
   context (it measures which backend is fastest per job and size, see the library guide), CPU
   without. */
tg_backend tg_solver_last_backend(const tg_solver *solver);

/* The GL texture (its name) holding the last range or route solve's answer, when the GPU or
 * compute backend gave it: RGBA8, one texel per cell, texel (x, y) = cell (x, y) with row 0 the
 * top row; G is 255 reached, 128 attackable, 0 neither; B the travel cost of a reached cell; A
 * the step towards the unit (SPEC §4). It lives in the solver's context and belongs to the
 * solver: draw it (texelFetch, or nearest filtering) or read it, never write to it or delete
 * it. It holds that answer until the next tg_solve_range or tg_solve_route on this solver (other
 * jobs leave it), or tg_solver_destroy. TG_ERROR_BACKEND, *texture 0, when the last range ran on
 * the CPU or none ran. */
tg_status tg_solver_range_texture(const tg_solver *solver, uint32_t *texture);

/* What a cell is for a range query (tg_range_out.kind). */
enum {
  TG_CELL_NONE = 0,   /* out of reach */
  TG_CELL_ATTACK = 1, /* attackable, not reached */
  TG_CELL_MOVE = 2,   /* reached; the unit may stop there */
  TG_CELL_PASS = 3,   /* reached, but a friend stands there: passed through, not stopped on */
  TG_CELL_START = 4   /* the unit's own cell */
};
/* Parent directions (tg_range_out.parent): the step towards the unit. On a square board the
 * neighbour TG_UP..TG_RIGHT, TG_NO_PARENT for none; on a hex board (SPEC §13) the index k 0..5 of
 * the neighbour in the cell's own list, TG_NO_PARENT_HEX for none. */
enum { TG_UP = 0, TG_DOWN = 1, TG_LEFT = 2, TG_RIGHT = 3, TG_NO_PARENT = 4 };
enum { TG_NO_PARENT_HEX = 255 };

/* A range query's outputs, width*height cells each, row by row; any may be NULL. */
typedef struct tg_range_out {
  int32_t *cost;   /* travel cost of reached cells, -1 elsewhere */
  size_t cost_capacity;
  uint8_t *kind;   /* TG_CELL_* */
  size_t kind_capacity;
  uint8_t *parent; /* TG_UP.. TG_NO_PARENT; on hex 0..5, TG_NO_PARENT_HEX */
  size_t parent_capacity;
} tg_range_out;

/* units[mover]'s move and attack range among `units` (SPEC §2-4): friends are passed, enemies
 * block, hidden enemies are unknown to a player or ally mover. rules NULL: all off. By SPEC §2's
 * one-step rule a neighbour of the start is reached even when its cost exceeds `move`. */
tg_status tg_solve_range(tg_solver *solver, const tg_unit *units, size_t unit_count, size_t mover,
                         const tg_rules *rules, tg_range_out *out);

/* Many movers' ranges on one board in one call: query k is units[movers[k]]'s range among
 * `units`, as tg_solve_range would answer it, its outputs at k * width * height cells of each
 * buffer of `out` (capacities count every query's cells). On TG_BACKEND_GPU and _COMPUTE the
 * queries are solved in one submission and one read-back; on the CPU one after another on this
 * thread; AUTO runs the one it measured fastest for batches of this size. An invalid mover is
 * TG_ERROR_INVALID_QUERY naming "movers[k]", and nothing is written. */
tg_status tg_solve_range_many(tg_solver *solver, const tg_unit *units, size_t unit_count,
                              const size_t *movers, size_t mover_count, const tg_rules *rules,
                              tg_range_out *out);

/* How many enemies threaten each cell (SPEC §7), the player's view (hidden enemies absent);
 * saturated at 255. */
tg_status tg_solve_danger(tg_solver *solver, const tg_unit *units, size_t unit_count,
                          const tg_rules *rules, uint8_t *counts, size_t capacity);

/* The distance field (SPEC §10) that `team`'s units of class `movement` (NULL: foot) follow:
 * each cell's travel cost to the nearest unit they hunt, -1 where none is reachable. */
tg_status tg_solve_field(tg_solver *solver, const tg_unit *units, size_t unit_count, tg_team team,
                         const tg_class *movement, int32_t *cost, size_t capacity);

/* The cheapest path of units[mover] to (to_x, to_y), a cell it may stop on this turn: `cells`
 * gets x, y pairs from its own cell to the target (room for `capacity` cells); `length` the
 * number of cells, 0 when the target is out of reach (then TG_OK with nothing written). */
tg_status tg_solve_route(tg_solver *solver, const tg_unit *units, size_t unit_count, size_t mover,
                         const tg_rules *rules, int to_x, int to_y, int *cells, size_t capacity,
                         size_t *length);

/* ---- Combat (SPEC §14): the battle forecast ---- */

enum { TG_MAX_TERRAIN_DEFENCE = 20, TG_MAX_STRIKES = 4 };

/* One side of an exchange. */
typedef struct tg_forecast_side {
  int damage;     /* per strike: max(0, str - (the foe's def + the defence of the foe's cell)) */
  int strikes;    /* how many it makes: 0, 1 or 2 */
  int hp_before;
  int hp_after;   /* 0: removed */
  int can_strike; /* the target's: whether it can strike back at all; 0 for the attacker */
} tg_forecast_side;

/* One strike of an exchange, in order. */
typedef struct tg_strike {
  int by_attacker; /* 1: the attacker struck; 0: the target */
  int damage;
  int hp_after;    /* the struck unit's */
} tg_strike;

typedef struct tg_forecast_result {
  int can_attack; /* 0: the attacker cannot attack the target from there; the rest is 0 */
  tg_forecast_side attacker;
  tg_forecast_side target;
  int strike_count; /* 0..3 under SPEC §14 (a strike, a counter, one follow-up) */
  tg_strike strikes[TG_MAX_STRIKES];
} tg_forecast_result;

/* The battle forecast (SPEC §14) of units[attacker], standing on (at_x, at_y) (its own cell, or
 * one it could move to: reach is not checked), attacking units[target]: exactly what the
 * exchange would do; nothing changes. TG_OK with out->can_attack 0 when it cannot attack from
 * there (both need hp, foes, the target known to its side, the distance in its attack set and,
 * with rules->sight, in sight). `terrain_defence[t]` (0..20) for terrains 0..defence_count-1
 * replaces the defence the terrain gives the unit on it (default: forest, terrain 1, gives 1;
 * mountains, terrain 3, 2; every other 0); NULL with defence_count 0 keeps the defaults. Units
 * are checked as the solvers check them and by SPEC §14: once any unit has hp every player and
 * enemy unit needs it, stats in range, lords on players only (TG_ERROR_INVALID_QUERY, naming
 * "units[2]"). CPU only: no solver is needed. */
tg_status tg_forecast(const tg_board *board, const tg_unit *units, size_t unit_count,
                      size_t attacker, size_t target, int at_x, int at_y, const tg_rules *rules,
                      const int *terrain_defence, int defence_count, tg_forecast_result *out);

/* ---- Batches of boards: every unit of many environments in one call ---- */

/* B boards of the same size and layout with U unit slots each, every array C-contiguous, row by
 * row, indexed [board][unit]...: */
typedef struct tg_batch {
  int boards, units, width, height; /* B >= 0, U >= 0; 1..4096 a side */
  tg_grid grid;                     /* the boards' layout (SPEC §13) */
  const uint8_t *terrain;           /* [B][H][W] terrain indices 0..63 */
  const int32_t *at;                /* [B][U][2] x, y; a negative x: the slot holds no unit */
  const uint8_t *team;              /* [B][U] tg_team */
  const int32_t *move;              /* [B][U] 0..255 */
  const int32_t *attack;            /* [B][U][2] min, max, (0, 0) none; NULL: 1-1 for all */
  const int32_t *classes;           /* [B][U] index into `movement`; NULL: movement[0] */
  const tg_class *const *movement;  /* the classes; NULL (or movement_count 0): foot */
  size_t movement_count;
  const uint8_t *movers;            /* [B][U] non-zero: solve it; NULL: every present unit */
  const tg_rules *rules;            /* NULL: all off */
} tg_batch;

/* The answers, [B][U][H][W] each (with a window, [B][U][2w+1][2w+1] centred on each unit: cell
 * (w, w) is the unit's, cells off the board unreached); any may be NULL. An absent unit or one
 * that does not move: kind TG_CELL_NONE, cost -1, parent 255 on every cell. */
typedef struct tg_batch_out {
  int16_t *cost; /* travel cost, -1 unreached */
  size_t cost_capacity;
  uint8_t *kind; /* TG_CELL_* */
  size_t kind_capacity;
  uint8_t *parent; /* as tg_range_out.parent; 255 for a unit not solved */
  size_t parent_capacity;
  int window; /* 0: whole boards; w >= 1: the (2w+1)-cell square around each unit */
} tg_batch_out;

/* Every unit's range on every board: unit u of board b as tg_solve_range answers it on its own
 * board, the board's other present units placed as tg_solve_range places them. `solver` NULL:
 * the CPU reference on up to `threads` threads (0: every core) of a pool the library keeps
 * across calls (a batch too small to share runs on the calling thread alone; calls from several
 * threads at once are fine: the pool serves one and the others run on their callers' threads).
 * A GPU or compute `solver` (made for a board of the batch's size) solves the batch board by
 * board, each board's units in one submission, on its own thread as its other jobs do; its own
 * board is put back after. A bad value is TG_ERROR_INVALID_ARGUMENT naming the array and the
 * index ("team[3, 1] is 7; ..."), a unit that does not fit its board TG_ERROR_INVALID_QUERY
 * ("board 3, unit 1: ..."); the outputs are then unspecified. */
tg_status tg_solve_batch(tg_solver *solver, const tg_batch *batch, unsigned threads,
                         tg_batch_out *out);

#ifdef __cplusplus
}
#endif

#endif /* TACTICS_GRID_H */
