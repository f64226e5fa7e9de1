/* The C API: a unit's range on a 9x5 board, on the GPU of a headless context the library makes
 * (or on the CPU: pass "cpu"), printed as M (move), a (attack) and . (out of reach). */
#include <stdio.h>
#include <string.h>

#include "tactics/tactics_grid.h"

int main(int argc, char **argv) {
  enum { W = 9, H = 5 };
  const int cpu = argc > 1 && strcmp(argv[1], "cpu") == 0;
  uint8_t terrain[W * H] = {0}, kind[W * H];
  tg_board *board = NULL;
  tg_solver *solver = NULL;
  tg_unit lord = {1, 1, TG_TEAM_PLAYER, 6, {1, {1}, {2}}, NULL, 0, 0};
  tg_range_out out = {NULL, 0, kind, W * H, NULL, 0};
  int x, y;
  for (y = 0; y < 4; ++y) terrain[y * W + 4] = 4; /* a wall down column 4, open at the bottom */
  if (tg_board_create(W, H, terrain, 5, &board) != TG_OK ||
      tg_solver_create(board, cpu ? TG_BACKEND_CPU : TG_BACKEND_GPU,
                       cpu ? TG_CONTEXT_NONE : TG_CONTEXT_HEADLESS_CORE, &solver) != TG_OK ||
      tg_solve_range(solver, &lord, 1, 0, NULL, &out) != TG_OK) {
    fprintf(stderr, "error: %s\n", tg_last_error());
    return 1;
  }
  for (y = 0; y < H; ++y, putchar('\n')) {
    for (x = 0; x < W; ++x) {
      const uint8_t k = kind[y * W + x];
      putchar(k == TG_CELL_ATTACK ? 'a' : k == TG_CELL_NONE ? '.' : 'M');
    }
  }
  tg_solver_destroy(solver);
  tg_board_destroy(board);
  return 0;
}
