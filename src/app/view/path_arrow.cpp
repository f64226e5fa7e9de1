#include "app/view/path_arrow.h"

namespace tactics::app {

Direction sideTowards(Cell a, Cell b) {
  for (Direction d : kSteps) {
    if (step(a, d) == b) return d;
  }
  return Direction::None;
}

std::vector<ArrowPiece> arrowPieces(const std::vector<Cell>& path) {
  std::vector<ArrowPiece> pieces;
  if (path.size() < 2) return pieces;
  for (std::size_t i = 0; i + 1 < path.size(); ++i) {
    if (sideTowards(path[i], path[i + 1]) == Direction::None) return {};
  }

  const std::size_t last = path.size() - 1;
  for (std::size_t i = 0; i <= last; ++i) {
    ArrowPiece piece;
    piece.cell = path[i];
    if (i > 0) piece.from = sideTowards(path[i], path[i - 1]);
    if (i < last) piece.to = sideTowards(path[i], path[i + 1]);

    if (i == 0) {
      piece.shape = ArrowShape::Tail;
    } else if (i == last) {
      // The head points onwards: away from the side it came in through.
      piece.shape = ArrowShape::Head;
      piece.to = opposite(piece.from);
    } else {
      piece.shape = piece.to == opposite(piece.from) ? ArrowShape::Straight : ArrowShape::Corner;
    }
    pieces.push_back(piece);
  }
  return pieces;
}

}  // namespace tactics::app
