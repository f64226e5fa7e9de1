// The path arrow's pieces: tail under the unit, straight body, corners, head.
#include <catch2/catch.hpp>

#include "app/view/path_arrow.h"

using tactics::Cell;
using tactics::Direction;
using namespace tactics::app;

TEST_CASE("a straight path: tail, straight body, head pointing onwards", "[arrow]") {
  const auto pieces = arrowPieces({{2, 5}, {3, 5}, {4, 5}, {5, 5}});
  REQUIRE(pieces.size() == 4);
  CHECK(pieces[0].shape == ArrowShape::Tail);
  CHECK(pieces[0].to == Direction::Right);
  CHECK(pieces[0].from == Direction::None);
  for (std::size_t i : {1U, 2U}) {
    CHECK(pieces[i].shape == ArrowShape::Straight);
    CHECK(pieces[i].from == Direction::Left);
    CHECK(pieces[i].to == Direction::Right);
  }
  CHECK(pieces[3].shape == ArrowShape::Head);
  CHECK(pieces[3].cell == Cell{5, 5});
  CHECK(pieces[3].from == Direction::Left);
  CHECK(pieces[3].to == Direction::Right);  // the head points the way the unit walks
}

TEST_CASE("a turn makes a corner joining the two sides", "[arrow]") {
  // Up two cells, then right one: the corner cell is entered from below and left to the right.
  const auto pieces = arrowPieces({{1, 7}, {1, 6}, {1, 5}, {2, 5}});
  REQUIRE(pieces.size() == 4);
  CHECK(pieces[0].to == Direction::Up);
  CHECK(pieces[1].shape == ArrowShape::Straight);
  CHECK(pieces[2].shape == ArrowShape::Corner);
  CHECK(pieces[2].from == Direction::Down);
  CHECK(pieces[2].to == Direction::Right);
  CHECK(pieces[3].shape == ArrowShape::Head);
  CHECK(pieces[3].to == Direction::Right);
}

TEST_CASE("the head points along the last step, whichever way it goes", "[arrow]") {
  CHECK(arrowPieces({{4, 4}, {4, 5}}).back().to == Direction::Down);
  CHECK(arrowPieces({{4, 4}, {4, 3}}).back().to == Direction::Up);
  CHECK(arrowPieces({{4, 4}, {3, 4}}).back().to == Direction::Left);
  // A one-step path is just tail and head.
  const auto pieces = arrowPieces({{4, 4}, {3, 4}});
  REQUIRE(pieces.size() == 2);
  CHECK(pieces[0].shape == ArrowShape::Tail);
  CHECK(pieces[1].shape == ArrowShape::Head);
}

TEST_CASE("no arrow for a lone cell or a broken path", "[arrow]") {
  CHECK(arrowPieces({}).empty());
  CHECK(arrowPieces({{3, 3}}).empty());
  CHECK(arrowPieces({{3, 3}, {5, 3}}).empty());
  CHECK(arrowPieces({{3, 3}, {4, 4}}).empty());
}
