/* The C API from C99 (include/tactics/tactics_grid.h): known answers on a small board, every
 * job on every backend equal to the CPU's on random boards, and bad input as statuses, never a
 * crash. Prints one line per failed check; exits 1 if any failed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    tg_rules rules = {0, 1};
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
static void bad_input(void) {
  uint8_t terrain[4] = {0, 0, 0, 9};
  uint8_t costs[2] = {1, 16};
  tg_board *board = NULL;
  tg_class *movement = NULL;
  tg_solver *solver = NULL;
  int32_t cost[4];
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
  CHECK(tg_solve_range(solver, units, 1, 0, NULL, &small) == TG_OK && tg_last_error()[0] == '\0');
  CHECK(strcmp(tg_status_message(TG_ERROR_BUFFER_TOO_SMALL), "an output buffer is too small for the map") == 0);
  tg_solver_destroy(solver);
  tg_board_destroy(board);
  tg_board_destroy(NULL);
  tg_solver_destroy(NULL);
  tg_class_destroy(NULL);
}

int main(int argc, char **argv) {
  const int gl = argc > 1 && strcmp(argv[1], "--gl") == 0;
  known_answers();
  sets_and_terrains();
  bad_input();
  if (gl) {
    backends_agree(TG_CONTEXT_HEADLESS_CORE, TG_BACKEND_GPU, "gpu (core)");
    backends_agree(TG_CONTEXT_HEADLESS_CORE, TG_BACKEND_COMPUTE, "compute");
    backends_agree(TG_CONTEXT_HEADLESS_ES, TG_BACKEND_GPU, "gpu (es)");
  }
  printf("%s: %d failed checks\n", tg_version(), failures);
  return failures == 0 ? 0 : 1;
}
