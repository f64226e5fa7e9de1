// Where cells lie in pixels on every grid: the same sums as src/app/view/board_geometry.cpp, so
// that what is drawn under a pixel is the cell the mouse picks there (SPEC §13). `grid` is
// GridLayout's value: 0 square, 1 hex-y-odd, 2 hex-y-even, 3 hex-x-odd, 4 hex-x-even. Pixels are
// counted from the board's top-left corner, y down; a hex cell's box is `cell` wide and high.
// Hex-x boards are worked out as hex-y turned (x and y swapped in and out).

bool gridTurned(int grid) { return grid >= 3; }

// 1 when row (hex-y) or column (hex-x) v is drawn shifted by half a cell.
int shiftedLine(int grid, int v) {
  int odd = v & 1;
  return (grid == 1 || grid == 3) ? odd : 1 - odd;
}

// floor(a / b) for b > 0 by float division: a + 0.5 keeps the quotient half a step from any
// whole number, so no driver's rounding of the division moves it (and llvmpipe runs integer
// division one lane at a time).
int floorDivide(int a, int b) { return int(floor((float(a) + 0.5) / float(b))); }

// The cell whose square or hexagon holds the middle of board pixel p; it may lie off the map.
ivec2 boardCell(int grid, ivec2 p, int cell) {
  // Square boards as they were always drawn, to the byte.
  if (grid == 0) return ivec2(floor(vec2(p) / float(cell)));
  ivec2 q = gridTurned(grid) ? p.yx : p;
  // In quarter pixels: every hexagon corner is a whole number for any cell size.
  int x = 4 * q.x + 2;
  int y = 4 * q.y + 2;
  int row = floorDivide(y, 3 * cell);
  int inRow = y - row * 3 * cell;
  int u = floorDivide(x - shiftedLine(grid, row) * 2 * cell, 4 * cell);
  int v = row;
  if (inRow < cell) {
    int inBox = x - shiftedLine(grid, row) * 2 * cell - u * 4 * cell;
    if (2 * inRow < abs(inBox - 2 * cell)) {
      v = row - 1;
      u = floorDivide(x - shiftedLine(grid, v) * 2 * cell, 4 * cell);
    }
  }
  return gridTurned(grid) ? ivec2(v, u) : ivec2(u, v);
}

// The top-left pixel of a cell's box.
ivec2 cellBox(int grid, ivec2 c, int cell) {
  if (grid == 0) return c * cell;
  ivec2 q = gridTurned(grid) ? c.yx : c;
  int along = q.x * cell + shiftedLine(grid, q.y) * (cell / 2);
  int across = floorDivide(3 * cell * q.y, 4);
  return gridTurned(grid) ? ivec2(across, along) : ivec2(along, across);
}

// Neighbour k of cell c in SPEC §13's order (square: up, down, left, right); may lie off the map.
ivec2 neighbourCell(int grid, ivec2 c, int k) {
  if (grid == 0) {
    return c + (k == 0 ? ivec2(0, -1) : (k == 1 ? ivec2(0, 1) : (k == 2 ? ivec2(-1, 0) : ivec2(1, 0))));
  }
  bool turned = gridTurned(grid);
  ivec2 q = turned ? c.yx : c;
  // A flat-top cell's neighbours 0..5 are the turned pointy-top's 2, 3, 0, 1, 4, 5.
  int j = turned ? (k < 2 ? k + 2 : (k < 4 ? k - 2 : k)) : k;
  int s = shiftedLine(grid, q.y);
  ivec2 o = j == 0 ? ivec2(s - 1, -1) : (j == 1 ? ivec2(s, -1) : (j == 2 ? ivec2(-1, 0) :
            (j == 3 ? ivec2(1, 0) : (j == 4 ? ivec2(s - 1, 1) : ivec2(s, 1)))));
  q += o;
  return turned ? q.yx : q;
}

// How far inside edge k (neighbour k's side) a point f of the box lies, in pixels (f in pixels
// from the box's top-left corner, the box `cell` wide). Negative outside that edge.
float edgeDistance(int grid, vec2 f, float cell, int k) {
  if (grid == 0) {
    return k == 0 ? f.y : (k == 1 ? cell - f.y : (k == 2 ? f.x : cell - f.x));
  }
  bool turned = gridTurned(grid);
  vec2 p = turned ? f.yx : f;
  int j = turned ? (k < 2 ? k + 2 : (k < 4 ? k - 2 : k)) : k;
  // The slanted edges rise 1 in 2 (a quarter of the box over half of it): normals (+-1, 2)/sqrt5.
  const float kSlant = 0.4472136;
  if (j == 2) return p.x;
  if (j == 3) return cell - p.x;
  if (j == 0) return (p.x + 2.0 * p.y - 0.5 * cell) * kSlant;
  if (j == 1) return (cell - p.x + 2.0 * p.y - 0.5 * cell) * kSlant;
  if (j == 4) return (p.x - 2.0 * p.y + 1.5 * cell) * kSlant;
  return (cell - p.x - 2.0 * p.y + 1.5 * cell) * kSlant;
}

int neighbourCount(int grid) { return grid == 0 ? 4 : 6; }

// The middle of edge k seen from the cell's centre, in boxes (square: a unit step).
vec2 edgeMiddleOffset(int grid, int k) {
  if (grid == 0) {
    return 0.5 * (k == 0 ? vec2(0, -1) : (k == 1 ? vec2(0, 1) : (k == 2 ? vec2(-1, 0) : vec2(1, 0))));
  }
  bool turned = gridTurned(grid);
  int j = turned ? (k < 2 ? k + 2 : (k < 4 ? k - 2 : k)) : k;
  vec2 m = j == 0 ? vec2(-0.25, -0.375) : (j == 1 ? vec2(0.25, -0.375) : (j == 2 ? vec2(-0.5, 0.0) :
           (j == 3 ? vec2(0.5, 0.0) : (j == 4 ? vec2(-0.25, 0.375) : vec2(0.25, 0.375)))));
  return turned ? m.yx : m;
}

// Whether a point of the box lies on the hexagon's grid line: like the square grid, which darkens
// the first pixel row and column of every cell, each hexagon draws its upper and left edges
// (pointy-top: the two above and the left one; flat-top: the one above and the two on the left),
// the pixels within 3/4 of a pixel of them, so that a line is about one pixel wide.
bool hexLine(int grid, vec2 f, float cell) {
  vec2 p = gridTurned(grid) ? f.yx : f;
  const float kSlant = 0.4472136;
  float nearest = min(p.x, min((p.x + 2.0 * p.y - 0.5 * cell) * kSlant,
                               (cell - p.x + 2.0 * p.y - 0.5 * cell) * kSlant));
  return nearest < 0.75;
}

// How far inside its square or hexagon a point of the box lies, in pixels; negative outside.
float insideDistance(int grid, vec2 f, float cell) {
  float d = 1e3;
  for (int k = 0; k < neighbourCount(grid); ++k) d = min(d, edgeDistance(grid, f, cell, k));
  return d;
}
