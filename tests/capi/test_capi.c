/* The C API from C99 (include/tactics/tactics_grid.h): known answers on a small board, every
 * job on every backend equal to the CPU's on random boards, and bad input as statuses, never a
 * crash; with --gl also on a context of the test's own (TG_CONTEXT_CURRENT), whose GL state the
 * solvers must keep and whose range texture must hold the answer. Prints one line per failed
 * check; exits 1 if any failed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/glcorearb.h>

#include "tactics/tactics_grid.h"

static int failures = 0;

#define CHECK(condition)                                                       \
  do {                                                                         \
    if (!(condition)) {                                                        \
      ++failures;                                                              \
      printf("%s:%d: CHECK(%s) failed; last error: %s\n", __FILE__, __LINE__, \
             #condition, tg_last_error());                                     \
    }                                                                          \
  } while (0)

static tg_unit unit(int x, int y, tg_team team, int move, int attack_min, int attack_max) {
  tg_unit u;
  memset(&u, 0, sizeof u);
  u.x = x;
  u.y = y;
  u.team = team;
  u.move = move;
  u.attack.count = attack_max > 0 ? 1 : 0;
  u.attack.min[0] = attack_min;
  u.attack.max[0] = attack_max;
  return u;
}

/* A corridor 7x1 of plains: the unit at 0 with move 3, attack 1-1. */
static void known_answers(void) {
  uint8_t terrain[7] = {0, 0, 0, 0, 0, 0, 0};
  tg_board *board = NULL;
  tg_solver *solver = NULL;
  int32_t cost[7];
  uint8_t kind[7], parent[7];
  tg_range_out out = {cost, 7, kind, 7, parent, 7};
  tg_unit units[2];
  int cells[16];
  size_t length = 99;
  CHECK(tg_board_create(7, 1, terrain, 5, &board) == TG_OK);
  CHECK(tg_solver_create(board, TG_BACKEND_CPU, TG_CONTEXT_NONE, &solver) == TG_OK);
  tg_board_destroy(board); /* the solver keeps its own copy */
  units[0] = unit(0, 0, TG_TEAM_PLAYER, 3, 1, 1);
  units[1] = unit(2, 0, TG_TEAM_ALLY, 3, 1, 1);
  CHECK(tg_solve_range(solver, units, 2, 0, NULL, &out) == TG_OK);
  CHECK(cost[0] == 0 && cost[1] == 1 && cost[2] == 2 && cost[3] == 3 && cost[4] == -1);
  CHECK(kind[0] == TG_CELL_START && kind[1] == TG_CELL_MOVE && kind[2] == TG_CELL_PASS);
  CHECK(kind[3] == TG_CELL_MOVE && kind[4] == TG_CELL_ATTACK && kind[5] == TG_CELL_NONE);
  CHECK(parent[0] == TG_NO_PARENT && parent[3] == TG_LEFT);
  CHECK(tg_solver_last_backend(solver) == TG_BACKEND_CPU);
  CHECK(tg_solve_route(solver, units, 2, 0, NULL, 3, 0, cells, 8, &length) == TG_OK);
  CHECK(length == 4 && cells[0] == 0 && cells[6] == 3 && cells[7] == 0);
  /* The ally's cell is passed, not stopped on; beyond the range there is no route. */
  CHECK(tg_solve_route(solver, units, 2, 0, NULL, 2, 0, cells, 8, &length) == TG_OK && length == 0);
  CHECK(tg_solve_route(solver, units, 2, 0, NULL, 5, 0, cells, 8, &length) == TG_OK && length == 0);

  /* Fog (SPEC 11.5): a hidden enemy on 2 is unknown to the player, seen it blocks. */
  units[1] = unit(2, 0, TG_TEAM_ENEMY, 3, 1, 1);
  units[1].hidden = 1;
  CHECK(tg_solve_range(solver, units, 2, 0, NULL, &out) == TG_OK && cost[3] == 3);
  units[1].hidden = 0;
  CHECK(tg_solve_range(solver, units, 2, 0, NULL, &out) == TG_OK && cost[3] == -1);
  /* ...unless the mover has the pass skill, or ignores units (SPEC 11.3, 11.6). */
  units[0].skills = TG_SKILL_PASS;
  CHECK(tg_solve_range(solver, units, 2, 0, NULL, &out) == TG_OK && cost[3] == 3);
  units[0].skills = 0;
  {
    tg_rules rules = {0, 1, 0, 0};
    CHECK(tg_solve_range(solver, units, 2, 0, &rules, &out) == TG_OK && cost[3] == 3);
  }
  /* Danger: the enemy at 2 (move 3, attack 1) threatens all seven cells but its own... */
  {
    uint8_t counts[7];
    CHECK(tg_solve_danger(solver, units, 2, NULL, counts, 7) == TG_OK);
    CHECK(counts[6] == 1 && counts[1] == 1);
  }
  /* A field for the enemy: cost to the player at 0. */
  {
    int32_t field[7];
    CHECK(tg_solve_field(solver, units, 2, TG_TEAM_ENEMY, NULL, field, 7) == TG_OK);
    CHECK(field[0] == 0 && field[1] == 1 && field[6] == 6);
  }
  tg_solver_destroy(solver);
}

/* An attack set (SPEC 11.4) and terrains beyond the fifth (11.1) with a class that prices one. */
static void sets_and_terrains(void) {
  uint8_t terrain[9] = {0, 7, 7, 7, 7, 7, 7, 7, 0};
  uint8_t costs[8] = {1, 2, 4, 8, 0, 0, 0, 2};
  tg_board *board = NULL;
  tg_class *walker = NULL;
  tg_solver *solver = NULL;
  int32_t cost[9];
  uint8_t kind[9];
  tg_range_out out = {cost, 9, kind, 9, NULL, 0};
  tg_unit u = unit(0, 0, TG_TEAM_PLAYER, 0, 1, 1);
  CHECK(tg_board_create(9, 1, terrain, 8, &board) == TG_OK);
  CHECK(tg_class_create(costs, 8, &walker) == TG_OK);
  CHECK(tg_solver_create(board, TG_BACKEND_CPU, TG_CONTEXT_NONE, &solver) == TG_OK);
  u.attack.count = 2; /* 1 and 3, not 2 */
  u.attack.min[1] = u.attack.max[1] = 3;
  CHECK(tg_solve_range(solver, &u, 1, 0, NULL, &out) == TG_OK);
  CHECK(kind[1] == TG_CELL_ATTACK && kind[2] == TG_CELL_NONE && kind[3] == TG_CELL_ATTACK);
  u.attack.count = 1;
  u.move = 4;
  u.movement = walker; /* terrain 7 costs 2: two cells; foot cannot enter it at all */
  CHECK(tg_solve_range(solver, &u, 1, 0, NULL, &out) == TG_OK && cost[2] == 4 && cost[3] == -1);
  u.movement = NULL;
  CHECK(tg_solve_range(solver, &u, 1, 0, NULL, &out) == TG_OK && cost[1] == -1);
  tg_solver_destroy(solver);
  tg_class_destroy(walker);
  tg_board_destroy(board);
}

/* A board is terrain indices: a message names a cell's terrain by its index, never a grey,
 * whether the board has five terrains (kept as an image map's greys) or more. */
static void terrains_by_index(void) {
  static const char *const wall =
      "unit 2,0 stands on wall (terrain 4), which its movement class cannot enter";
  static const char *const forest =
      "unit 1,0 stands on forest (terrain 1), which its movement class cannot enter";
  uint8_t terrain[3] = {0, 1, 4};
  uint8_t no_forest[5] = {1, 0, 1, 1, 0};
  int terrain_count;
  for (terrain_count = 5; terrain_count <= 8; terrain_count += 3) {
    tg_board *board = NULL;
    tg_class *walker = NULL;
    tg_solver *solver = NULL;
    int32_t cost[3];
    tg_range_out out = {cost, 3, NULL, 0, NULL, 0};
    tg_unit u = unit(2, 0, TG_TEAM_PLAYER, 2, 1, 1);
    CHECK(tg_board_create(3, 1, terrain, terrain_count, &board) == TG_OK);
    CHECK(tg_class_create(no_forest, 5, &walker) == TG_OK);
    CHECK(tg_solver_create(board, TG_BACKEND_CPU, TG_CONTEXT_NONE, &solver) == TG_OK);
    CHECK(tg_solve_range(solver, &u, 1, 0, NULL, &out) == TG_ERROR_INVALID_QUERY);
    CHECK(strcmp(tg_last_error(), wall) == 0);
    u.x = 1;
    u.movement = walker;
    CHECK(tg_solve_range(solver, &u, 1, 0, NULL, &out) == TG_ERROR_INVALID_QUERY);
    CHECK(strcmp(tg_last_error(), forest) == 0);
    tg_solver_destroy(solver);
    tg_class_destroy(walker);
    tg_board_destroy(board);
  }
}

static uint32_t seed = 12345u;
static int next(int n) {
  seed = seed * 1664525u + 1013904223u;
  return (int)((seed >> 8) % (uint32_t)n);
}

/* The GL backends give the CPU's answers, job by job, on random boards. */
static void backends_agree(tg_context context, tg_backend backend, const char *name) {
  enum { W = 24, H = 18, N = W * H, UNITS = 6 };
  int board_index;
  for (board_index = 0; board_index < 12; ++board_index) {
    uint8_t terrain[N];
    tg_board *board = NULL;
    tg_solver *cpu = NULL, *gl = NULL;
    tg_unit units[UNITS];
    int i, taken[N];
    tg_rules rules;
    rules.zoc = board_index % 2;
    rules.ignore_units = 0;
    rules.sight = board_index % 3 == 0; /* SPEC 11.8 on a third of the boards */
    rules.blocks_sight = 0;
    memset(taken, 0, sizeof taken);
    for (i = 0; i < N; ++i) terrain[i] = (uint8_t)(next(10) < 6 ? 0 : next(5));
    for (i = 0; i < UNITS; ++i) {
      int cell;
      do cell = next(N); while (taken[cell]);
      taken[cell] = 1;
      terrain[cell] = 0;
      units[i] = unit(cell % W, cell / W, i < 2 ? TG_TEAM_PLAYER : i < 5 ? TG_TEAM_ENEMY : TG_TEAM_ALLY,
                      2 + next(6), 1, 1 + next(2));
      units[i].hidden = i == 4;
      units[i].skills = (unsigned)(i == 0 ? TG_SKILL_SKIRMISHER : 0);
    }
    CHECK(tg_board_create(W, H, terrain, 5, &board) == TG_OK);
    CHECK(tg_solver_create(board, TG_BACKEND_CPU, TG_CONTEXT_NONE, &cpu) == TG_OK);
    if (tg_solver_create(board, backend, context, &gl) != TG_OK) {
      ++failures;
      printf("%s: cannot make the solver: %s\n", name, tg_last_error());
      tg_solver_destroy(cpu);
      tg_board_destroy(board);
      return;
    }
    for (i = 0; i < UNITS; ++i) {
      int32_t a[N], b[N];
      uint8_t ka[N], kb[N];
      tg_range_out oa = {a, N, ka, N, NULL, 0}, ob = {b, N, kb, N, NULL, 0};
      CHECK(tg_solve_range(cpu, units, UNITS, (size_t)i, &rules, &oa) == TG_OK);
      CHECK(tg_solve_range(gl, units, UNITS, (size_t)i, &rules, &ob) == TG_OK);
      CHECK(memcmp(a, b, sizeof a) == 0 && memcmp(ka, kb, sizeof ka) == 0);
    }
    {
      /* Every mover at once: the same masks as one by one, every cell of every query. */
      static int32_t many[UNITS * N], one[N];
      static uint8_t many_kind[UNITS * N], one_kind[N], many_parent[UNITS * N], one_parent[N];
      size_t movers[UNITS];
      tg_range_out all = {many, UNITS * N, many_kind, UNITS * N, many_parent, UNITS * N};
      tg_range_out single = {one, N, one_kind, N, one_parent, N};
      for (i = 0; i < UNITS; ++i) movers[i] = (size_t)(UNITS - 1 - i);
      CHECK(tg_solve_range_many(gl, units, UNITS, movers, UNITS, &rules, &all) == TG_OK);
      CHECK(tg_solver_last_backend(gl) != TG_BACKEND_AUTO);
      for (i = 0; i < UNITS; ++i) {
        CHECK(tg_solve_range(cpu, units, UNITS, movers[i], &rules, &single) == TG_OK);
        CHECK(memcmp(many + i * N, one, sizeof one) == 0);
        CHECK(memcmp(many_kind + i * N, one_kind, sizeof one_kind) == 0);
        CHECK(memcmp(many_parent + i * N, one_parent, sizeof one_parent) == 0);
      }
    }
    {
      uint8_t da[N], db[N];
      int32_t fa[N], fb[N];
      CHECK(tg_solve_danger(cpu, units, UNITS, &rules, da, N) == TG_OK);
      CHECK(tg_solve_danger(gl, units, UNITS, &rules, db, N) == TG_OK);
      CHECK(memcmp(da, db, sizeof da) == 0);
      CHECK(tg_solve_field(cpu, units, UNITS, TG_TEAM_ENEMY, NULL, fa, N) == TG_OK);
      CHECK(tg_solve_field(gl, units, UNITS, TG_TEAM_ENEMY, NULL, fb, N) == TG_OK);
      CHECK(memcmp(fa, fb, sizeof fa) == 0);
    }
    CHECK(tg_solver_last_backend(gl) == backend);
    tg_solver_destroy(gl);
    tg_solver_destroy(cpu);
    tg_board_destroy(board);
  }
  printf("%s: 12 boards, every job equal to the CPU's\n", name);
}

/* Bad input is a status with a message, never a crash. */
/* Two solvers with headless contexts of their own on one thread: each works on its own context,
 * whichever was made last, and destroying one leaves the other's answers right. */
static void two_headless_solvers(void) {
  enum { W = 9, H = 7, N = W * H };
  uint8_t terrain[N];
  int32_t expected[N], got[N];
  tg_range_out want = {expected, N, NULL, 0, NULL, 0}, out = {got, N, NULL, 0, NULL, 0};
  tg_board *board = NULL;
  tg_solver *cpu = NULL, *first = NULL, *second = NULL;
  tg_unit u[2];
  int i;
  for (i = 0; i < N; ++i) terrain[i] = (uint8_t)(i % 7 == 3 ? 1 : i % 11 == 5 ? 4 : 0);
  u[0] = unit(1, 1, TG_TEAM_PLAYER, 5, 1, 2);
  u[1] = unit(6, 4, TG_TEAM_PLAYER, 4, 1, 1);
  terrain[1 * W + 1] = terrain[4 * W + 6] = 0;
  CHECK(tg_board_create(W, H, terrain, 5, &board) == TG_OK);
  CHECK(tg_solver_create(board, TG_BACKEND_CPU, TG_CONTEXT_NONE, &cpu) == TG_OK);
  /* The first solves before the second exists: its GL objects live on its own context. */
  if (tg_solver_create(board, TG_BACKEND_GPU, TG_CONTEXT_HEADLESS_CORE, &first) != TG_OK) {
    printf("two headless solvers: skipped, no context: %s\n", tg_last_error());
    tg_solver_destroy(cpu);
    tg_board_destroy(board);
    return;
  }
  CHECK(tg_solve_range(cpu, u, 2, 0, NULL, &want) == TG_OK);
  CHECK(tg_solve_range(first, u, 2, 0, NULL, &out) == TG_OK);
  CHECK(memcmp(expected, got, sizeof got) == 0);
  CHECK(tg_solver_create(board, TG_BACKEND_GPU, TG_CONTEXT_HEADLESS_CORE, &second) == TG_OK);
  for (i = 0; i < 2; ++i) {
    CHECK(tg_solve_range(cpu, u, 2, (size_t)i, NULL, &want) == TG_OK);
    CHECK(tg_solve_range(second, u, 2, (size_t)i, NULL, &out) == TG_OK);
    CHECK(memcmp(expected, got, sizeof got) == 0);
    CHECK(tg_solve_range(first, u, 2, (size_t)i, NULL, &out) == TG_OK);
    CHECK(memcmp(expected, got, sizeof got) == 0);
  }
  tg_solver_destroy(first);  /* made first: its GL objects, not the second's, go */
  for (i = 0; i < 2; ++i) {
    CHECK(tg_solve_range(cpu, u, 2, (size_t)i, NULL, &want) == TG_OK);
    CHECK(tg_solve_range(second, u, 2, (size_t)i, NULL, &out) == TG_OK);
    CHECK(memcmp(expected, got, sizeof got) == 0);
  }
  tg_solver_destroy(second);
  tg_solver_destroy(cpu);
  tg_board_destroy(board);
}

static void bad_input(void) {
  uint8_t terrain[4] = {0, 0, 0, 9};
  uint8_t costs[2] = {1, 16};
  tg_board *board = NULL;
  tg_class *movement = NULL;
  tg_solver *solver = NULL;
  int32_t cost[4];
  uint8_t counts[4];
  size_t route_length = 0;
  tg_range_out small = {cost, 3, NULL, 0, NULL, 0};
  tg_unit units[2];
  CHECK(tg_board_create(2, 2, terrain, 5, &board) == TG_ERROR_INVALID_ARGUMENT && board == NULL);
  CHECK(strstr(tg_last_error(), "terrain 9") != NULL);
  CHECK(tg_board_create(0, 2, terrain, 5, &board) == TG_ERROR_INVALID_ARGUMENT);
  CHECK(tg_board_create(2, 2, terrain, 65, &board) == TG_ERROR_INVALID_ARGUMENT);
  CHECK(tg_board_create(2, 2, NULL, 5, &board) == TG_ERROR_NULL_HANDLE);
  CHECK(tg_class_create(costs, 2, &movement) == TG_ERROR_INVALID_ARGUMENT);
  CHECK(tg_class_preset("boat", &movement) == TG_ERROR_INVALID_ARGUMENT);
  CHECK(strstr(tg_last_error(), "foot, mounted, armour, flier") != NULL);
  CHECK(tg_solve_range(NULL, NULL, 0, 0, NULL, &small) == TG_ERROR_NULL_HANDLE);
  terrain[3] = 0;
  CHECK(tg_board_create(2, 2, terrain, 5, &board) == TG_OK);
  CHECK(tg_solver_create(board, TG_BACKEND_GPU, TG_CONTEXT_NONE, &solver) == TG_ERROR_BACKEND);
  CHECK(tg_solver_create(board, (tg_backend)7, TG_CONTEXT_NONE, &solver) == TG_ERROR_INVALID_ARGUMENT);
  CHECK(tg_solver_create(board, TG_BACKEND_CPU, (tg_context)9, &solver) == TG_ERROR_INVALID_ARGUMENT);
  CHECK(tg_solver_create(board, TG_BACKEND_AUTO, TG_CONTEXT_NONE, &solver) == TG_OK);
  units[0] = unit(0, 0, TG_TEAM_PLAYER, 2, 1, 1);
  units[1] = unit(0, 0, TG_TEAM_ENEMY, 2, 1, 1);
  CHECK(tg_solve_range(solver, units, 1, 0, NULL, &small) == TG_ERROR_BUFFER_TOO_SMALL);
  CHECK(strstr(tg_last_error(), "needs 4") != NULL);
  small.cost_capacity = 4;
  CHECK(tg_solve_range(solver, units, 2, 0, NULL, &small) == TG_ERROR_INVALID_QUERY);
  CHECK(tg_solve_range(solver, units, 1, 1, NULL, &small) == TG_ERROR_INVALID_QUERY);
  units[1].x = 5;
  CHECK(tg_solve_range(solver, units, 2, 0, NULL, &small) == TG_ERROR_INVALID_QUERY);
  CHECK(strstr(tg_last_error(), "outside") != NULL);
  units[0].hidden = 1;
  CHECK(tg_solve_range(solver, units, 1, 0, NULL, &small) == TG_ERROR_INVALID_QUERY);
  units[0].hidden = 0;
  units[0].team = (tg_team)7;
  CHECK(tg_solve_range(solver, units, 1, 0, NULL, &small) == TG_ERROR_INVALID_QUERY);
  units[0].team = TG_TEAM_PLAYER;
  units[0].attack.count = 9;
  CHECK(tg_solve_range(solver, units, 1, 0, NULL, &small) == TG_ERROR_INVALID_QUERY);
  units[0].attack.count = 1;
  units[0].move = 300;
  CHECK(tg_solve_range(solver, units, 1, 0, NULL, &small) == TG_ERROR_INVALID_QUERY);
  units[0].move = 2;
  /* A NULL units array with units counted is a NULL pointer, in every call that takes units. */
  CHECK(tg_solve_range(solver, NULL, 1, 0, NULL, &small) == TG_ERROR_NULL_HANDLE);
  CHECK(strstr(tg_last_error(), "units is NULL with unit_count 1") != NULL);
  CHECK(tg_solve_danger(solver, NULL, 2, NULL, counts, 4) == TG_ERROR_NULL_HANDLE);
  CHECK(tg_solve_field(solver, NULL, 1, TG_TEAM_PLAYER, NULL, cost, 4) == TG_ERROR_NULL_HANDLE);
  CHECK(tg_solve_route(solver, NULL, 1, 0, NULL, 1, 1, NULL, 0, &route_length) ==
        TG_ERROR_NULL_HANDLE);
  CHECK(tg_solve_range(solver, units, 1, 0, NULL, &small) == TG_OK && tg_last_error()[0] == '\0');
  CHECK(strcmp(tg_status_message(TG_ERROR_BUFFER_TOO_SMALL), "an output buffer is too small for the map") == 0);
  tg_solver_destroy(solver);
  tg_board_destroy(board);
  tg_board_destroy(NULL);
  tg_solver_destroy(NULL);
  tg_class_destroy(NULL);
  {
    /* tg_solve_range_many: a mover that is not a unit, buffers for fewer queries, NULLs. */
    uint8_t flat[4] = {0, 0, 0, 0};
    tg_board *b = NULL;
    tg_solver *s = NULL;
    tg_unit u[2];
    size_t movers[2] = {1, 2};
    uint8_t kinds[8];
    tg_range_out o = {NULL, 0, kinds, 8, NULL, 0};
    u[0] = unit(0, 0, TG_TEAM_PLAYER, 2, 1, 1);
    u[1] = unit(3, 0, TG_TEAM_ENEMY, 2, 1, 1);
    CHECK(tg_board_create(4, 1, flat, 5, &b) == TG_OK);
    CHECK(tg_solver_create(b, TG_BACKEND_CPU, TG_CONTEXT_NONE, &s) == TG_OK);
    memset(kinds, 99, sizeof kinds);
    CHECK(tg_solve_range_many(s, u, 2, movers, 2, NULL, &o) == TG_ERROR_INVALID_QUERY);
    CHECK(strstr(tg_last_error(), "movers[1] 2 is not a unit") != NULL);
    CHECK(kinds[0] == 99);
    movers[1] = 0;
    o.kind_capacity = 7;
    CHECK(tg_solve_range_many(s, u, 2, movers, 2, NULL, &o) == TG_ERROR_BUFFER_TOO_SMALL);
    o.kind_capacity = 8;
    CHECK(tg_solve_range_many(s, u, 2, NULL, 2, NULL, &o) == TG_ERROR_NULL_HANDLE);
    CHECK(tg_solve_range_many(s, u, 2, movers, 2, NULL, NULL) == TG_ERROR_NULL_HANDLE);
    CHECK(tg_solve_range_many(s, u, 2, movers, 2, NULL, &o) == TG_OK);
    CHECK(kinds[0] == TG_CELL_ATTACK && kinds[3] == TG_CELL_START);    /* mover 1, the enemy */
    CHECK(kinds[4] == TG_CELL_START);                                  /* mover 0 */
    CHECK(tg_solve_range_many(s, u, 2, movers, 0, NULL, &o) == TG_OK); /* none: nothing */
    tg_solver_destroy(s);
    tg_board_destroy(b);
  }
}

/* ---- The caller's own context: an EGL context the test makes, with its own GL functions ---- */

typedef struct caller_gl {
  EGLDisplay display;
  EGLContext context;
  PFNGLGETINTEGERVPROC GetIntegerv;
  PFNGLVIEWPORTPROC Viewport;
  PFNGLACTIVETEXTUREPROC ActiveTexture;
  PFNGLPIXELSTOREIPROC PixelStorei;
  PFNGLGENTEXTURESPROC GenTextures;
  PFNGLDELETETEXTURESPROC DeleteTextures;
  PFNGLBINDTEXTUREPROC BindTexture;
  PFNGLTEXIMAGE2DPROC TexImage2D;
  PFNGLGENFRAMEBUFFERSPROC GenFramebuffers;
  PFNGLDELETEFRAMEBUFFERSPROC DeleteFramebuffers;
  PFNGLBINDFRAMEBUFFERPROC BindFramebuffer;
  PFNGLFRAMEBUFFERTEXTURE2DPROC FramebufferTexture2D;
  PFNGLREADPIXELSPROC ReadPixels;
} caller_gl;

/* A desktop OpenGL 3.3 core context (or later), current, with no surface: Mesa's surfaceless
 * display where there is one, as a game would make one for its window. 0 when EGL cannot. */
static int make_caller_context(caller_gl *gl) {
  static const EGLint config_attributes[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_SURFACE_TYPE,
                                             0, EGL_NONE};
  static const EGLint context_attributes[] = {
      EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
      EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
  PFNEGLGETPLATFORMDISPLAYEXTPROC platform_display =
      (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
  EGLConfig config;
  EGLint configs = 0;
  gl->display = platform_display
                    ? platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL)
                    : eglGetDisplay(EGL_DEFAULT_DISPLAY);
  if (gl->display == EGL_NO_DISPLAY || !eglInitialize(gl->display, NULL, NULL)) return 0;
  if (!eglBindAPI(EGL_OPENGL_API)) return 0;
  if (!eglChooseConfig(gl->display, config_attributes, &config, 1, &configs) || configs < 1)
    return 0;
  gl->context = eglCreateContext(gl->display, config, EGL_NO_CONTEXT, context_attributes);
  if (gl->context == EGL_NO_CONTEXT) return 0;
  if (!eglMakeCurrent(gl->display, EGL_NO_SURFACE, EGL_NO_SURFACE, gl->context)) return 0;
  gl->GetIntegerv = (PFNGLGETINTEGERVPROC)eglGetProcAddress("glGetIntegerv");
  gl->Viewport = (PFNGLVIEWPORTPROC)eglGetProcAddress("glViewport");
  gl->ActiveTexture = (PFNGLACTIVETEXTUREPROC)eglGetProcAddress("glActiveTexture");
  gl->PixelStorei = (PFNGLPIXELSTOREIPROC)eglGetProcAddress("glPixelStorei");
  gl->GenTextures = (PFNGLGENTEXTURESPROC)eglGetProcAddress("glGenTextures");
  gl->DeleteTextures = (PFNGLDELETETEXTURESPROC)eglGetProcAddress("glDeleteTextures");
  gl->BindTexture = (PFNGLBINDTEXTUREPROC)eglGetProcAddress("glBindTexture");
  gl->TexImage2D = (PFNGLTEXIMAGE2DPROC)eglGetProcAddress("glTexImage2D");
  gl->GenFramebuffers = (PFNGLGENFRAMEBUFFERSPROC)eglGetProcAddress("glGenFramebuffers");
  gl->DeleteFramebuffers = (PFNGLDELETEFRAMEBUFFERSPROC)eglGetProcAddress("glDeleteFramebuffers");
  gl->BindFramebuffer = (PFNGLBINDFRAMEBUFFERPROC)eglGetProcAddress("glBindFramebuffer");
  gl->FramebufferTexture2D =
      (PFNGLFRAMEBUFFERTEXTURE2DPROC)eglGetProcAddress("glFramebufferTexture2D");
  gl->ReadPixels = (PFNGLREADPIXELSPROC)eglGetProcAddress("glReadPixels");
  return 1;
}

static void end_caller_context(caller_gl *gl) {
  eglMakeCurrent(gl->display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(gl->display, gl->context);
  eglTerminate(gl->display);
}

static GLint gl_integer(const caller_gl *gl, GLenum name) {
  GLint value = -1;
  gl->GetIntegerv(name, &value);
  return value;
}

/* The caller draws into its own framebuffer with its own viewport, unit and row alignment; a
 * range on its context keeps them, and the solver's texture holds the answer the CPU gives:
 * G 255 where reached (B the cost), 128 where attackable, 0 elsewhere. */
static void range_texture_on_current_context(const caller_gl *gl) {
  enum { W = 11, H = 7, N = W * H };
  uint8_t terrain[N];
  tg_board *board = NULL;
  tg_solver *cpu = NULL, *solver = NULL;
  tg_unit units[3];
  int32_t cost[N];
  uint8_t kind[N], texels[N * 4];
  tg_range_out out = {cost, N, kind, N, NULL, 0};
  GLuint target = 0, reader = 0, framebuffers[2];
  GLint viewport[4];
  uint32_t texture = 99;
  int i, mismatches = 0;
  for (i = 0; i < N; ++i) terrain[i] = (uint8_t)(i % 5 == 3 ? 2 : i % 13 == 5 ? 4 : 0);
  units[0] = unit(4, 3, TG_TEAM_PLAYER, 4, 1, 2);
  units[1] = unit(6, 3, TG_TEAM_ALLY, 2, 1, 1);
  units[2] = unit(9, 5, TG_TEAM_ENEMY, 3, 1, 1);
  for (i = 0; i < 3; ++i) terrain[units[i].y * W + units[i].x] = 0;
  CHECK(tg_board_create(W, H, terrain, 5, &board) == TG_OK);
  CHECK(tg_solver_create(board, TG_BACKEND_CPU, TG_CONTEXT_NONE, &cpu) == TG_OK);
  CHECK(tg_solver_create(board, TG_BACKEND_GPU, TG_CONTEXT_CURRENT, &solver) == TG_OK);
  if (solver == NULL) {
    tg_solver_destroy(cpu);
    tg_board_destroy(board);
    return;
  }
  /* Before any GPU range there is no texture. */
  CHECK(tg_solver_range_texture(solver, &texture) == TG_ERROR_BACKEND && texture == 0);

  gl->GenTextures(1, &target);
  gl->BindTexture(GL_TEXTURE_2D, target);
  gl->TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  gl->GenFramebuffers(2, framebuffers);
  gl->BindFramebuffer(GL_FRAMEBUFFER, framebuffers[0]);
  gl->FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target, 0);
  gl->Viewport(1, 2, 3, 4);
  gl->ActiveTexture(GL_TEXTURE3);
  gl->PixelStorei(GL_UNPACK_ALIGNMENT, 8);

  CHECK(tg_solve_range(solver, units, 3, 0, NULL, &out) == TG_OK);
  CHECK(tg_solve_danger(solver, units, 3, NULL, texels, N) == TG_OK); /* other jobs keep it */
  gl->GetIntegerv(GL_VIEWPORT, viewport);
  CHECK(gl_integer(gl, GL_DRAW_FRAMEBUFFER_BINDING) == (GLint)framebuffers[0]);
  CHECK(gl_integer(gl, GL_READ_FRAMEBUFFER_BINDING) == (GLint)framebuffers[0]);
  CHECK(viewport[0] == 1 && viewport[1] == 2 && viewport[2] == 3 && viewport[3] == 4);
  CHECK(gl_integer(gl, GL_ACTIVE_TEXTURE) == GL_TEXTURE3);
  CHECK(gl_integer(gl, GL_UNPACK_ALIGNMENT) == 8);
  gl->ActiveTexture(GL_TEXTURE0);
  CHECK(gl_integer(gl, GL_TEXTURE_BINDING_2D) == (GLint)target);

  CHECK(tg_solve_range(cpu, units, 3, 0, NULL, &out) == TG_OK);
  CHECK(tg_solver_range_texture(solver, &texture) == TG_OK && texture != 0);
  reader = framebuffers[1];
  gl->BindFramebuffer(GL_READ_FRAMEBUFFER, reader);
  gl->FramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
  gl->PixelStorei(GL_PACK_ALIGNMENT, 1);
  gl->ReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  for (i = 0; i < N; ++i) {
    const uint8_t g = texels[i * 4 + 1], b = texels[i * 4 + 2];
    const int reached =
        kind[i] == TG_CELL_MOVE || kind[i] == TG_CELL_PASS || kind[i] == TG_CELL_START;
    const int expected_g = reached ? 255 : kind[i] == TG_CELL_ATTACK ? 128 : 0;
    if (g != expected_g || (reached && b != cost[i])) ++mismatches;
  }
  CHECK(mismatches == 0);
  CHECK(tg_solver_range_texture(cpu, &texture) == TG_ERROR_BACKEND && texture == 0);

  gl->BindFramebuffer(GL_FRAMEBUFFER, 0);
  gl->DeleteFramebuffers(2, framebuffers);
  gl->DeleteTextures(1, &target);
  tg_solver_destroy(solver);
  tg_solver_destroy(cpu);
  tg_board_destroy(board);
}

/* The solvers on a context of the caller's: loaded with tg_load_gl(eglGetProcAddress), each
 * GL backend equal to the CPU's, the caller's state kept, the range texture; then what happens
 * with no context current. */
static void current_context(void) {
  caller_gl gl;
  uint8_t terrain[4] = {0, 0, 0, 0};
  tg_board *board = NULL;
  tg_solver *solver = NULL;
  memset(&gl, 0, sizeof gl);
  if (!make_caller_context(&gl)) {
    ++failures;
    printf("cannot make the test's own EGL context (EGL error 0x%04X)\n", (unsigned)eglGetError());
    return;
  }
  CHECK(tg_load_gl(NULL) == TG_ERROR_NULL_HANDLE);
  CHECK(tg_load_gl(eglGetProcAddress) == TG_OK);
  CHECK(tg_board_create(2, 2, terrain, 5, &board) == TG_OK);
  /* TG_CONTEXT_NONE means no GL, even where a context is current. */
  CHECK(tg_solver_create(board, TG_BACKEND_AUTO, TG_CONTEXT_NONE, &solver) == TG_OK);
  CHECK(tg_solver_last_backend(solver) == TG_BACKEND_CPU);
  tg_solver_destroy(solver);
  CHECK(tg_solver_create(board, TG_BACKEND_AUTO, TG_CONTEXT_CURRENT, &solver) == TG_OK);
  CHECK(tg_solver_last_backend(solver) == TG_BACKEND_AUTO); /* it measures on the first job */
  tg_solver_destroy(solver);

  range_texture_on_current_context(&gl);
  backends_agree(TG_CONTEXT_CURRENT, TG_BACKEND_GPU, "gpu (the caller's context)");
  if (tg_solver_create(board, TG_BACKEND_COMPUTE, TG_CONTEXT_CURRENT, &solver) == TG_OK) {
    tg_solver_destroy(solver);
    backends_agree(TG_CONTEXT_CURRENT, TG_BACKEND_COMPUTE, "compute (the caller's context)");
  } else {
    printf("no OpenGL 4.3 on the test's context: compute not tested there (%s)\n",
           tg_last_error());
  }

  end_caller_context(&gl);
  CHECK(tg_load_gl(eglGetProcAddress) == TG_ERROR_BACKEND);
  CHECK(strstr(tg_last_error(), "no OpenGL context is current") != NULL);
  CHECK(tg_solver_create(board, TG_BACKEND_GPU, TG_CONTEXT_CURRENT, &solver) == TG_ERROR_BACKEND);
  CHECK(solver == NULL && strstr(tg_last_error(), "tg_load_gl") != NULL);
  tg_board_destroy(board);
}

/* SPEC §13: a hex-y-odd board of plains, the unit at 2,2 (an unshifted row) with move 1 and
 * attack 1: it reaches its six neighbours, each one's parent the index k of the unit in that
 * cell's own list, and attacks the twelve cells two steps away. */
static void hex_boards(void) {
  uint8_t terrain[25];
  tg_board *board = NULL;
  tg_solver *solver = NULL;
  int32_t cost[25];
  uint8_t kind[25], parent[25];
  tg_range_out out = {cost, 25, kind, 25, parent, 25};
  tg_unit u = unit(2, 2, TG_TEAM_PLAYER, 1, 1, 1);
  tg_grid grid = TG_GRID_SQUARE;
  /* x, y, k: the neighbours of 2,2 and where the unit lies in their lists. */
  static const int expected[6][3] = {{1, 1, 5}, {2, 1, 4}, {1, 2, 3}, {3, 2, 2}, {1, 3, 1}, {2, 3, 0}};
  int i, reached = 0, attackable = 0;
  memset(terrain, 0, sizeof terrain);
  CHECK(tg_board_create_grid(5, 5, terrain, 5, TG_GRID_HEX_Y_ODD, &board) == TG_OK);
  CHECK(tg_board_grid(board) == TG_GRID_HEX_Y_ODD);
  CHECK(tg_solver_create(board, TG_BACKEND_CPU, TG_CONTEXT_NONE, &solver) == TG_OK);
  CHECK(tg_solve_range(solver, &u, 1, 0, NULL, &out) == TG_OK);
  for (i = 0; i < 6; ++i) {
    const int cell = expected[i][1] * 5 + expected[i][0];
    CHECK(cost[cell] == 1 && kind[cell] == TG_CELL_MOVE && parent[cell] == expected[i][2]);
  }
  for (i = 0; i < 25; ++i) {
    reached += cost[i] >= 0;
    attackable += kind[i] == TG_CELL_ATTACK;
    if (cost[i] <= 0) CHECK(parent[i] == TG_NO_PARENT_HEX);
  }
  CHECK(reached == 7 && attackable == 12);
  tg_solver_destroy(solver);
  tg_board_destroy(board);

  /* tg_board_create is the square grid; the names go both ways; a bad grid is refused. */
  CHECK(tg_board_create(5, 5, terrain, 5, &board) == TG_OK);
  CHECK(tg_board_grid(board) == TG_GRID_SQUARE);
  tg_board_destroy(board);
  CHECK(tg_board_grid(NULL) == TG_GRID_SQUARE);
  CHECK(strcmp(tg_grid_name(TG_GRID_HEX_X_EVEN), "hex-x-even") == 0);
  CHECK(tg_grid_name((tg_grid)9) == NULL);
  CHECK(tg_grid_from_name("hex-y-even", &grid) == TG_OK && grid == TG_GRID_HEX_Y_EVEN);
  CHECK(tg_grid_from_name("hexagonal", &grid) == TG_ERROR_INVALID_ARGUMENT);
  CHECK(strstr(tg_last_error(), "hex-y-odd, hex-y-even, hex-x-odd or hex-x-even") != NULL);
  CHECK(tg_grid_from_name(NULL, &grid) == TG_ERROR_NULL_HANDLE);
  board = (tg_board *)&grid; /* a create that fails sets *out to NULL */
  CHECK(tg_board_create_grid(5, 5, terrain, 5, (tg_grid)5, &board) == TG_ERROR_INVALID_ARGUMENT);
  CHECK(board == NULL && strstr(tg_last_error(), "not a tg_grid") != NULL);
  /* Each create names itself in its errors. */
  CHECK(tg_board_create_grid(5, 5, NULL, 5, TG_GRID_HEX_Y_ODD, &board) == TG_ERROR_NULL_HANDLE);
  CHECK(strncmp(tg_last_error(), "tg_board_create_grid: ", 22) == 0);
  CHECK(tg_board_create(5, 5, NULL, 5, &board) == TG_ERROR_NULL_HANDLE);
  CHECK(strncmp(tg_last_error(), "tg_board_create: ", 17) == 0);
}

/* Line of sight (SPEC 11.8): a bow 2-3 behind a wall cannot reach the cell straight behind it,
 * and can with sight off; a hex board with sight is refused. */
static void line_of_sight(void) {
  uint8_t terrain[5 * 3] = {0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0};
  tg_board *board = NULL;
  tg_solver *solver = NULL;
  uint8_t kind[15];
  tg_range_out out = {NULL, 0, kind, 15, NULL, 0};
  tg_unit bow = unit(1, 1, TG_TEAM_PLAYER, 0, 2, 3);
  tg_rules rules = {0, 0, 1, 0};
  CHECK(tg_board_create(5, 3, terrain, 5, &board) == TG_OK);
  CHECK(tg_solver_create(board, TG_BACKEND_CPU, TG_CONTEXT_NONE, &solver) == TG_OK);
  CHECK(tg_solve_range(solver, &bow, 1, 0, &rules, &out) == TG_OK);
  CHECK(kind[1 * 5 + 3] == TG_CELL_NONE);   /* 3,1: straight through the wall at 2,1 */
  CHECK(kind[0 * 5 + 2] == TG_CELL_ATTACK); /* 2,0: diagonal, the wall only at its corner */
  rules.blocks_sight = 1u << 1;              /* only forest blocks: the wall does not */
  CHECK(tg_solve_range(solver, &bow, 1, 0, &rules, &out) == TG_OK);
  CHECK(kind[1 * 5 + 3] == TG_CELL_ATTACK);
  rules.sight = 0;
  rules.blocks_sight = 0;
  CHECK(tg_solve_range(solver, &bow, 1, 0, &rules, &out) == TG_OK);
  CHECK(kind[1 * 5 + 3] == TG_CELL_ATTACK);
  tg_solver_destroy(solver);
  tg_board_destroy(board);
  CHECK(tg_board_create_grid(5, 3, terrain, 5, TG_GRID_HEX_Y_ODD, &board) == TG_OK);
  CHECK(tg_solver_create(board, TG_BACKEND_CPU, TG_CONTEXT_NONE, &solver) == TG_OK);
  rules.sight = 1;
  CHECK(tg_solve_range(solver, &bow, 1, 0, &rules, &out) == TG_ERROR_INVALID_QUERY);
  CHECK(strstr(tg_last_error(), "line of sight is defined on square boards only") != NULL);
  tg_solver_destroy(solver);
  tg_board_destroy(board);
}

/* tg_solve_batch: every unit of every board as tg_solve_range answers it on that board, some
 * slots absent or not moving; a window; the errors; on a GL solver (`context`, `backend`) when
 * given one (TG_CONTEXT_NONE: the CPU pool). */
static void batches(tg_context context, tg_backend backend, const char *name) {
  enum { B = 5, U = 4, W = 9, H = 7, N = W * H };
  static uint8_t terrain[B * N];
  int32_t at[B * U * 2], move[B * U], attack[B * U * 2];
  uint8_t team[B * U], movers[B * U];
  static int16_t cost[B * U * N];
  static uint8_t kind[B * U * N], parent[B * U * N];
  tg_rules rules = {1, 0, 0, 0};
  tg_batch batch;
  tg_batch_out out = {cost, B * U * N, kind, B * U * N, parent, B * U * N, 0};
  tg_solver *gl = NULL;
  int b, u, i, mismatches = 0;
  memset(&batch, 0, sizeof batch);
  for (i = 0; i < B * N; ++i) terrain[i] = (uint8_t)(next(10) < 7 ? 0 : next(5));
  for (b = 0; b < B; ++b) {
    int taken[N];
    memset(taken, 0, sizeof taken);
    for (u = 0; u < U; ++u) {
      const int k = b * U + u;
      int cell;
      do cell = next(N); while (taken[cell]);
      taken[cell] = 1;
      terrain[b * N + cell] = 0;
      at[2 * k] = next(6) == 0 ? -1 : cell % W;
      at[2 * k + 1] = cell / W;
      team[k] = (uint8_t)next(3);
      move[k] = next(6);
      attack[2 * k] = 1;
      attack[2 * k + 1] = 1 + next(2);
      movers[k] = (uint8_t)(next(5) != 0);
    }
  }
  batch.boards = B;
  batch.units = U;
  batch.width = W;
  batch.height = H;
  batch.terrain = terrain;
  batch.at = at;
  batch.team = team;
  batch.move = move;
  batch.attack = attack;
  batch.movers = movers;
  batch.rules = &rules;
  if (context != TG_CONTEXT_NONE) {
    tg_board *first = NULL;
    CHECK(tg_board_create(W, H, terrain, 5, &first) == TG_OK);
    if (tg_solver_create(first, backend, context, &gl) != TG_OK) {
      ++failures;
      printf("%s: cannot make the solver: %s\n", name, tg_last_error());
      tg_board_destroy(first);
      return;
    }
    tg_board_destroy(first);
  }
  CHECK(tg_solve_batch(gl, &batch, 2, &out) == TG_OK);
  for (b = 0; b < B; ++b) {
    tg_board *board = NULL;
    tg_solver *cpu = NULL;
    tg_unit units[U];
    size_t present = 0, index[U];
    CHECK(tg_board_create(W, H, terrain + b * N, 5, &board) == TG_OK);
    CHECK(tg_solver_create(board, TG_BACKEND_CPU, TG_CONTEXT_NONE, &cpu) == TG_OK);
    for (u = 0; u < U; ++u) {
      const int k = b * U + u;
      if (at[2 * k] < 0) continue;
      units[present] = unit(at[2 * k], at[2 * k + 1], (tg_team)team[k], move[k], 1, attack[2 * k + 1]);
      index[present++] = (size_t)u;
    }
    for (u = 0; u < U; ++u) {
      const int k = b * U + u;
      int32_t c[N];
      uint8_t kd[N], p[N];
      tg_range_out one = {c, N, kd, N, p, N};
      size_t m;
      int moving = at[2 * k] >= 0 && movers[k];
      for (m = 0; m < present && index[m] != (size_t)u; ++m) {}
      if (moving) CHECK(tg_solve_range(cpu, units, present, m, &rules, &one) == TG_OK);
      for (i = 0; i < N; ++i) {
        mismatches += cost[k * N + i] != (moving ? c[i] : -1);
        mismatches += kind[k * N + i] != (moving ? kd[i] : TG_CELL_NONE);
        mismatches += parent[k * N + i] != (moving ? p[i] : 255);
      }
    }
    tg_solver_destroy(cpu);
    tg_board_destroy(board);
  }
  if (mismatches != 0) printf("%s: %d cells differ\n", name, mismatches);
  CHECK(mismatches == 0);
  /* A window of radius 1 around each unit: its own cell in the middle. */
  out.window = 1;
  CHECK(tg_solve_batch(gl, &batch, 1, &out) == TG_OK);
  for (u = 0; u < B * U; ++u) {
    if (at[2 * u] >= 0 && movers[u]) CHECK(kind[u * 9 + 4] == TG_CELL_START && cost[u * 9 + 4] == 0);
  }
  out.window = 0;
  /* Errors: named by the array and the index; a buffer too small; a board of another size. */
  team[5] = 9;
  CHECK(tg_solve_batch(gl, &batch, 1, &out) == TG_ERROR_INVALID_ARGUMENT);
  CHECK(strcmp(tg_last_error(), "team[1, 1] is 9; expected PLAYER (0), ENEMY (1) or ALLY (2)") == 0 ||
        at[10] < 0);
  team[5] = 1;
  out.kind_capacity = 10;
  CHECK(tg_solve_batch(gl, &batch, 1, &out) == TG_ERROR_BUFFER_TOO_SMALL);
  out.kind_capacity = B * U * N;
  CHECK(tg_solve_batch(gl, NULL, 1, &out) == TG_ERROR_NULL_HANDLE);
  if (gl != NULL) {
    batch.width = W - 1;
    CHECK(tg_solve_batch(gl, &batch, 1, &out) != TG_OK);
    CHECK(strstr(tg_last_error(), "the solver's board is 9x7") != NULL);
    batch.width = W;
  }
  tg_solver_destroy(gl);
}

/* Combat (SPEC 14): a unit with stats; tg_forecast on a 7x3 board of plains with forest at 3,0
 * and mountains at 3,2. */
static tg_unit fighter(int x, int y, tg_team team, int hp, int str, int def, int spd) {
  tg_unit u = unit(x, y, team, 5, 1, 1);
  u.hp = hp;
  u.str = str;
  u.def = def;
  u.spd = spd;
  return u;
}

static const uint8_t kFightTerrain[7 * 3] = {0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                             0, 0, 0, 3, 0, 0, 0};

/* units[0] attacking units[1] from (x, y), default defences and rules. */
static tg_forecast_result fight(const tg_board *board, const tg_unit *units, int x, int y) {
  tg_forecast_result f;
  memset(&f, 0xff, sizeof f);
  CHECK(tg_forecast(board, units, 2, 0, 1, x, y, NULL, NULL, 0, &f) == TG_OK);
  return f;
}

static void forecasts(void) {
  tg_board *board = NULL;
  tg_unit u[2];
  tg_forecast_result f;
  int defence[5] = {0, 3, 0, 2, 0};
  CHECK(tg_board_create(7, 3, kFightTerrain, 5, &board) == TG_OK);
  /* The exchange: 8 - 3 = 5 dealt, 6 - 2 = 4 back; the strikes in order. */
  u[0] = fighter(1, 1, TG_TEAM_PLAYER, 20, 8, 2, 5);
  u[1] = fighter(2, 1, TG_TEAM_ENEMY, 18, 6, 3, 5);
  f = fight(board, u, 1, 1);
  CHECK(f.can_attack == 1 && f.attacker.damage == 5 && f.attacker.strikes == 1);
  CHECK(f.attacker.hp_before == 20 && f.attacker.hp_after == 16 && f.attacker.can_strike == 0);
  CHECK(f.target.damage == 4 && f.target.strikes == 1 && f.target.can_strike == 1);
  CHECK(f.target.hp_before == 18 && f.target.hp_after == 13);
  CHECK(f.strike_count == 2 && f.strikes[0].by_attacker == 1 && f.strikes[0].damage == 5 &&
        f.strikes[0].hp_after == 13 && f.strikes[1].by_attacker == 0 && f.strikes[1].hp_after == 16);
  /* Doubling: spd 4 more strikes again (3 more does not); the target doubles too. */
  u[0].spd = 9;
  f = fight(board, u, 1, 1);
  CHECK(f.strike_count == 3 && f.strikes[2].by_attacker == 1 && f.target.hp_after == 8);
  CHECK(f.attacker.strikes == 2 && f.target.strikes == 1);
  u[0].spd = 8;
  CHECK(fight(board, u, 1, 1).strike_count == 2);
  u[0].spd = 1;
  f = fight(board, u, 1, 1);
  CHECK(f.strike_count == 3 && f.strikes[2].by_attacker == 0 && f.attacker.hp_after == 12);
  CHECK(f.target.strikes == 2);
  u[0].spd = 5;
  /* A counter needs the target's own attack set: a bow at 2 is not struck back by a sword... */
  u[0].attack.min[0] = u[0].attack.max[0] = 2;
  u[0].x = 0;
  f = fight(board, u, 0, 1);
  CHECK(f.can_attack == 1 && f.target.can_strike == 0 && f.target.strikes == 0);
  CHECK(f.strike_count == 1 && f.attacker.hp_after == 20);
  u[1].spd = 9; /* ...and a target that cannot strike back cannot double */
  CHECK(fight(board, u, 0, 1).strike_count == 1);
  u[1].spd = 5;
  u[1].attack.max[0] = 2; /* a lance 1-2 strikes back */
  f = fight(board, u, 0, 1);
  CHECK(f.target.can_strike == 1 && f.strike_count == 2 && f.attacker.hp_after == 16);
  u[1].attack.max[0] = 1;
  /* Terrain defence: the target on forest (1), on mountains (2), forest given 3; the attacker
   * striking from forest. */
  u[0] = fighter(2, 0, TG_TEAM_PLAYER, 20, 8, 2, 5);
  u[1] = fighter(3, 0, TG_TEAM_ENEMY, 18, 6, 3, 5);
  CHECK(fight(board, u, 2, 0).attacker.damage == 4);
  CHECK(tg_forecast(board, u, 2, 0, 1, 2, 0, NULL, defence, 5, &f) == TG_OK);
  CHECK(f.attacker.damage == 2 && f.target.damage == 4);
  CHECK(tg_forecast(board, u, 2, 0, 1, 2, 0, NULL, defence, 1, &f) == TG_OK); /* plains only */
  CHECK(f.attacker.damage == 4);
  u[1].y = 2;
  CHECK(fight(board, u, 2, 2).attacker.damage == 3);
  u[1].y = 1;
  f = fight(board, u, 3, 0); /* from the forest above it */
  CHECK(f.attacker.damage == 5 && f.target.damage == 3);
  /* Damage never below 0. */
  u[0].str = 1;
  f = fight(board, u, 2, 1);
  CHECK(f.attacker.damage == 0 && f.target.hp_after == 18 && f.strike_count == 2);
  /* Removal ends the exchange: a kill on the first strike leaves no counter and no follow-up;
   * an attacker felled by the counter does not strike again. */
  u[0] = fighter(1, 1, TG_TEAM_PLAYER, 20, 30, 2, 9);
  u[1] = fighter(2, 1, TG_TEAM_ENEMY, 18, 6, 3, 5);
  f = fight(board, u, 1, 1);
  CHECK(f.strike_count == 1 && f.target.hp_after == 0 && f.attacker.strikes == 1);
  CHECK(f.target.strikes == 0 && f.attacker.hp_after == 20);
  u[0].str = 8;
  u[0].hp = 3;
  f = fight(board, u, 1, 1);
  CHECK(f.strike_count == 2 && f.attacker.hp_after == 0 && f.attacker.strikes == 1);
  CHECK(f.target.hp_after == 13);
  tg_board_destroy(board);
}

/* Who cannot attack whom: TG_OK and can_attack 0; line of sight; bad input as statuses. */
static void forecasts_refused(void) {
  uint8_t walled[5 * 3] = {0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0};
  tg_board *board = NULL;
  tg_unit u[3];
  tg_forecast_result f;
  tg_rules sight = {0, 0, 1, 0};
  int defence[6] = {0, 25, 0, 0, 0, 0};
  CHECK(tg_board_create(7, 3, kFightTerrain, 5, &board) == TG_OK);
  u[0] = fighter(1, 1, TG_TEAM_PLAYER, 20, 8, 2, 5);
  u[1] = fighter(3, 1, TG_TEAM_ENEMY, 18, 6, 3, 5);
  u[2] = unit(5, 1, TG_TEAM_ALLY, 5, 1, 1); /* an ally without hp */
  CHECK(fight(board, u, 1, 1).can_attack == 0); /* 2 away, a sword */
  f = fight(board, u, 2, 1);                     /* from beside it */
  CHECK(f.can_attack == 1 && f.target.hp_after == 13);
  u[1].team = TG_TEAM_ALLY; /* friends */
  CHECK(fight(board, u, 2, 1).can_attack == 0);
  u[1].team = TG_TEAM_ENEMY;
  u[1].hidden = 1; /* unknown to the player */
  f = fight(board, u, 2, 1);
  CHECK(f.can_attack == 0 && f.strike_count == 0 && f.attacker.hp_after == 0);
  u[1].hidden = 0;
  CHECK(tg_forecast(board, u, 3, 1, 2, 4, 1, NULL, NULL, 0, &f) == TG_OK && f.can_attack == 0);
  CHECK(tg_forecast(board, u, 3, 0, 0, 1, 1, NULL, NULL, 0, &f) == TG_OK && f.can_attack == 0);
  /* Errors. */
  CHECK(tg_forecast(NULL, u, 2, 0, 1, 2, 1, NULL, NULL, 0, &f) == TG_ERROR_NULL_HANDLE);
  CHECK(tg_forecast(board, u, 2, 0, 1, 2, 1, NULL, NULL, 0, NULL) == TG_ERROR_NULL_HANDLE);
  CHECK(tg_forecast(board, NULL, 2, 0, 1, 2, 1, NULL, NULL, 0, &f) == TG_ERROR_NULL_HANDLE);
  CHECK(tg_forecast(board, u, 2, 0, 1, 2, 1, NULL, NULL, 2, &f) == TG_ERROR_NULL_HANDLE);
  CHECK(tg_forecast(board, u, 2, 0, 5, 2, 1, NULL, NULL, 0, &f) == TG_ERROR_INVALID_QUERY);
  CHECK(strcmp(tg_last_error(), "target 5 is not a unit; unit_count is 2") == 0);
  CHECK(tg_forecast(board, u, 2, 2, 1, 2, 1, NULL, NULL, 0, &f) == TG_ERROR_INVALID_QUERY);
  CHECK(strcmp(tg_last_error(), "attacker 2 is not a unit; unit_count is 2") == 0);
  CHECK(tg_forecast(board, u, 2, 0, 1, 7, 1, NULL, NULL, 0, &f) == TG_ERROR_INVALID_ARGUMENT);
  CHECK(strcmp(tg_last_error(), "the attacker's cell 7,1 is outside the 7x3 map (x 0..6, y 0..2)") == 0);
  CHECK(tg_forecast(board, u, 2, 0, 1, 2, 1, NULL, defence, 2, &f) == TG_ERROR_INVALID_ARGUMENT);
  CHECK(strcmp(tg_last_error(), "terrain_defence[1] (forest) is 25, out of range 0..20") == 0);
  CHECK(tg_forecast(board, u, 2, 0, 1, 2, 1, NULL, defence, 6, &f) == TG_ERROR_INVALID_ARGUMENT);
  CHECK(strcmp(tg_last_error(), "defence_count 6 is out of range 0..5 (the board's terrain_count)") == 0);
  u[1].hp = 0; /* a board that fights: every player and enemy unit needs hp */
  CHECK(tg_forecast(board, u, 2, 0, 1, 2, 1, NULL, NULL, 0, &f) == TG_ERROR_INVALID_QUERY);
  CHECK(strcmp(tg_last_error(), "units[1]: has no hp, but units on this board fight (SPEC 14): "
                                "every player and enemy unit needs hp 1..99") == 0);
  CHECK(f.can_attack == 0); /* cleared on failure */
  u[1].hp = 100;
  CHECK(tg_forecast(board, u, 2, 0, 1, 2, 1, NULL, NULL, 0, &f) == TG_ERROR_INVALID_QUERY);
  CHECK(strcmp(tg_last_error(), "units[1]: hp 100 is out of range 1..99") == 0);
  u[1].hp = 18;
  u[0].spd = -1;
  CHECK(tg_forecast(board, u, 2, 0, 1, 2, 1, NULL, NULL, 0, &f) == TG_ERROR_INVALID_QUERY);
  CHECK(strcmp(tg_last_error(), "units[0]: spd -1 is out of range 0..99") == 0);
  u[0].spd = 5;
  u[1].lord = 1;
  CHECK(tg_forecast(board, u, 2, 0, 1, 2, 1, NULL, NULL, 0, &f) == TG_ERROR_INVALID_QUERY);
  CHECK(strcmp(tg_last_error(), "units[1]: only a player unit can be a lord") == 0);
  u[1].lord = 0;
  u[0].lord = 1; /* a player lord is fine */
  CHECK(tg_forecast(board, u, 2, 0, 1, 2, 1, NULL, NULL, 0, &f) == TG_OK && f.can_attack == 1);
  tg_board_destroy(board);

  /* Line of sight: a bow 2-3 at 1,1 and the wall at 2,1 between it and the enemy at 3,1. */
  CHECK(tg_board_create(5, 3, walled, 5, &board) == TG_OK);
  u[0] = fighter(1, 1, TG_TEAM_PLAYER, 20, 8, 2, 5);
  u[0].attack.min[0] = 2;
  u[0].attack.max[0] = 3;
  u[1] = fighter(3, 1, TG_TEAM_ENEMY, 18, 6, 3, 5);
  CHECK(tg_forecast(board, u, 2, 0, 1, 1, 1, &sight, NULL, 0, &f) == TG_OK && f.can_attack == 0);
  CHECK(tg_forecast(board, u, 2, 0, 1, 1, 1, NULL, NULL, 0, &f) == TG_OK && f.can_attack == 1);
  sight.blocks_sight = 1u << 1; /* only forest blocks: the wall does not */
  CHECK(tg_forecast(board, u, 2, 0, 1, 1, 1, &sight, NULL, 0, &f) == TG_OK && f.can_attack == 1);
  sight.blocks_sight = 0;
  tg_board_destroy(board);
  CHECK(tg_board_create_grid(5, 3, walled, 5, TG_GRID_HEX_Y_ODD, &board) == TG_OK);
  CHECK(tg_forecast(board, u, 2, 0, 1, 1, 1, &sight, NULL, 0, &f) == TG_ERROR_INVALID_QUERY);
  CHECK(strstr(tg_last_error(), "line of sight is defined on square boards only") != NULL);
  tg_board_destroy(board);
}

int main(int argc, char **argv) {
  const int gl = argc > 1 && strcmp(argv[1], "--gl") == 0;
  known_answers();
  sets_and_terrains();
  terrains_by_index();
  hex_boards();
  bad_input();
  line_of_sight();
  forecasts();
  forecasts_refused();
  batches(TG_CONTEXT_NONE, TG_BACKEND_CPU, "batch (cpu)");
  if (gl) {
    batches(TG_CONTEXT_HEADLESS_CORE, TG_BACKEND_GPU, "batch (gpu)");
    batches(TG_CONTEXT_HEADLESS_CORE, TG_BACKEND_COMPUTE, "batch (compute)");
    backends_agree(TG_CONTEXT_HEADLESS_CORE, TG_BACKEND_GPU, "gpu (core)");
    backends_agree(TG_CONTEXT_HEADLESS_CORE, TG_BACKEND_COMPUTE, "compute");
    backends_agree(TG_CONTEXT_HEADLESS_ES, TG_BACKEND_GPU, "gpu (es)");
    two_headless_solvers();
    current_context();
  }
  printf("%s: %d failed checks\n", tg_version(), failures);
  return failures == 0 ? 0 : 1;
}
