#include "app/view/path_arrow.h"

namespace tactics::app {

Direction sideTowards(Cell a, Cell b, GridLayout layout) {
  if (!isHex(layout)) {
    for (Direction d : kSteps) {
      if (step(a, d) == b) return d;
    }
    return Direction::None;
  }
  return neighbourDirection(Topology(layout).neighbourIndex(a, b));
}

Direction oppositeSide(Direction side, GridLayout layout) {
  if (!isHex(layout) || side == Direction::None) return opposite(side);
  // Pointy-top: the two above face the two below crosswise, left faces right; flat-top: up
  // faces down, and the upper left the lower right and so on.
  static constexpr int kPointy[6] = {5, 4, 3, 2, 1, 0};
  static constexpr int kFlat[6] = {1, 0, 5, 4, 3, 2};
  const bool rows = layout == GridLayout::HexYOdd || layout == GridLayout::HexYEven;
  const int k = neighbourOf(side);
  return neighbourDirection(rows ? kPointy[k] : kFlat[k]);
}

std::vector<ArrowPiece> arrowPieces(const std::vector<Cell>& path, GridLayout layout) {
  std::vector<ArrowPiece> pieces;
  if (path.size() < 2) return pieces;
  for (std::size_t i = 0; i + 1 < path.size(); ++i) {
    if (sideTowards(path[i], path[i + 1], layout) == Direction::None) return {};
  }

  const std::size_t last = path.size() - 1;
  for (std::size_t i = 0; i <= last; ++i) {
    ArrowPiece piece;
    piece.cell = path[i];
    if (i > 0) piece.from = sideTowards(path[i], path[i - 1], layout);
    if (i < last) piece.to = sideTowards(path[i], path[i + 1], layout);

    if (i == 0) {
      piece.shape = ArrowShape::Tail;
    } else if (i == last) {
      // The head points onwards: away from the side it came in through.
      piece.shape = ArrowShape::Head;
      piece.to = oppositeSide(piece.from, layout);
    } else {
      piece.shape = piece.to == oppositeSide(piece.from, layout) ? ArrowShape::Straight : ArrowShape::Corner;
    }
    pieces.push_back(piece);
  }
  return pieces;
}

}  // namespace tactics::app
