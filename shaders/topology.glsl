// The board's grid (SPEC §13), for every shader in one place: which cells neighbour a cell, in
// which order, how far apart two cells are, and the state texture's A for a parent. The same
// rules as include/tactics/solver/topology.h.
//
// The layout is not a uniform: gpu::Program's prelude defines TACTICS_LAYOUT as the board's
// GridLayout value (0 square, 1 hex-y-odd, 2 hex-y-even, 3 hex-x-odd, 4 hex-x-even), and each
// layout is its own program. Everything below then folds to constants: a square board's passes
// compile to the code they had before hex boards (no branch, no dead neighbour), a hex board's
// loops over six neighbours unroll, and the per-cell cost on a software rasterizer, where a
// uniform's branches cost both sides, is only the hex work itself. A solver builds its programs
// once per layout (a map update that changes the layout rebuilds them).
#ifndef TACTICS_LAYOUT
#define TACTICS_LAYOUT 0
#endif
const int kLayout = TACTICS_LAYOUT;
const bool kHexGrid = kLayout != 0;
// hex-y-*: rows staggered (pointy-top hexes); hex-x-*: columns staggered (flat-top).
const bool kRowsStaggered = kLayout == 1 || kLayout == 2;
const bool kColumnsStaggered = kLayout == 3 || kLayout == 4;
const int kNeighbourCount = kHexGrid ? 6 : 4;

// 1 when the cell's row (hex-y-*) or column (hex-x-*) is the shifted one (drawn half a cell
// right, or down); always 0 on a square board.
int cellParity(ivec2 cell) {
  int odd = (kColumnsStaggered ? cell.x : cell.y) & 1;
  return !kHexGrid ? 0 : (kLayout == 1 || kLayout == 3) ? odd : 1 - odd;
}

// Where neighbour k (SPEC §13's order) of a cell of `parity` lies. Square: up, down, left, right.
// hex-y: 0, 1 the two cells of row y-1, 2 left, 3 right, 4, 5 the two of row y+1, one column
// further right on a shifted row. hex-x: 0 up, 1 down, 2, 3 the two cells of column x-1, 4, 5
// those of column x+1, one row further down on a shifted column.
ivec2 neighbourOffset(int parity, int k) {
  if (kRowsStaggered) {
    return k == 2 ? ivec2(-1, 0) : k == 3 ? ivec2(1, 0)
                                          : ivec2(parity - 1 + (k & 1), k < 2 ? -1 : 1);
  }
  if (kColumnsStaggered) {
    return k == 0 ? ivec2(0, -1) : k == 1 ? ivec2(0, 1)
                                          : ivec2(k < 4 ? -1 : 1, parity - 1 + (k & 1));
  }
  return k == 0 ? ivec2(0, -1) : k == 1 ? ivec2(0, 1) : k == 2 ? ivec2(-1, 0) : ivec2(1, 0);
}

// How many rows (hex-y) or columns (hex-x) the cells `offset` lines across from a cell of
// `parity` are shifted along, in the axial sense: floor((parity + offset) / 2) (>> on a signed
// int keeps the sign). With it, the cells at axial offset (along a, across t) from a cell lie
// a + lineShift(parity, t) columns (hex-y) or rows (hex-x) along.
int lineShift(int parity, int offset) { return (parity + offset) >> 1; }

// The axial coordinates of SPEC §13 (a square board's are its column and row).
ivec2 axialOf(ivec2 cell) {
  if (kLayout == 1) return ivec2(cell.x - (cell.y >> 1), cell.y);
  if (kLayout == 2) return ivec2(cell.x - ((cell.y + 1) >> 1), cell.y);
  if (kLayout == 3) return ivec2(cell.x, cell.y - (cell.x >> 1));
  if (kLayout == 4) return ivec2(cell.x, cell.y - ((cell.x + 1) >> 1));
  return cell;
}

// The distance attacks and the danger zone measure: Manhattan on a square board, the hex
// distance (|dq| + |dr| + |dq + dr|) / 2 on a hex one.
int gridDistance(ivec2 a, ivec2 b) {
  ivec2 d = axialOf(b) - axialOf(a);
  if (!kHexGrid) return abs(d.x) + abs(d.y);
  return (abs(d.x) + abs(d.y) + abs(d.x + d.y)) >> 1;
}

// The state texture's A for the parent "neighbour k" (SPEC §4, §13): square 26, 77, 128, 178;
// hex 18 + 36 k; 255 for none (any k outside 0 .. kNeighbourCount - 1).
int parentByte(int k) {
  if (k < 0 || k >= kNeighbourCount) return 255;
  if (kHexGrid) return 18 + 36 * k;
  return k == 0 ? 26 : k == 1 ? 77 : k == 2 ? 128 : 178;
}

// The k an A byte stands for, with the SPEC's reading thresholds (square A / 51, hex A / 36,
// without integer division: the + 0.5 keeps every byte well away from a boundary);
// kNeighbourCount for none.
int parentOfByte(int a) {
  return min(kNeighbourCount, int((float(a) + 0.5) / (kHexGrid ? 36.0 : 51.0)));
}

// The neighbour index that leads back: neighbour back(k) of neighbour k of a cell is the cell.
// Square: up and down, left and right; hex-y: 0 and 5, 1 and 4, 2 and 3; hex-x: 0 and 1, 2 and
// 5, 3 and 4 (whatever the parities of the two cells).
int backIndex(int k) {
  if (kRowsStaggered) return 5 - k;
  if (kColumnsStaggered) return k < 2 ? k ^ 1 : 7 - k;
  return k ^ 1;
}
