#include "app/rules/cursor.h"

#include <algorithm>

#include "app/rules/fights.h"
#include "app/rules/turns.h"

namespace tactics::app {

namespace {

Cell clampToMap(const Scene& scene, Cell c) {
  return {std::clamp(c.x, 0, scene.map.width() - 1), std::clamp(c.y, 0, scene.map.height() - 1)};
}

// The next player unit yet to move after the one on `from` (or from the start), cyclically.
std::optional<std::size_t> nextUnmoved(const Scene& scene, Cell from) {
  const std::vector<std::size_t> unmoved = unmovedPlayers(scene);
  if (unmoved.empty()) return std::nullopt;
  const auto here = seenUnitAt(scene.units, from);
  if (!here) return unmoved.front();
  const auto after = std::upper_bound(unmoved.begin(), unmoved.end(), *here);
  return after == unmoved.end() ? unmoved.front() : *after;
}

}  // namespace

Cell cursorCell(const Scene& scene) {
  if (scene.hovered) return *scene.hovered;
  if (const Unit* unit = scene.selectedUnit()) return unit->cell;
  for (const Unit& unit : scene.units) {
    if (unit.team == Team::Player) return unit.cell;
  }
  return {0, 0};
}

std::optional<MoveEvent> pressKey(Scene& scene, CursorKey key, const RangeResult* range) {
  const Cell at = cursorCell(scene);
  switch (key) {
    case CursorKey::Up:
    case CursorKey::Down:
    case CursorKey::Left:
    case CursorKey::Right: {
      // Picking a target: the arrows go round the targets.
      if (scene.attackPick) {
        cycleTarget(scene, key == CursorKey::Left || key == CursorKey::Up ? -1 : 1);
        return std::nullopt;
      }
      const Direction d = key == CursorKey::Up     ? Direction::Up
                          : key == CursorKey::Down ? Direction::Down
                          : key == CursorKey::Left ? Direction::Left
                                                   : Direction::Right;
      // One column or row over in the map's own (column, row) numbering. On a hex board that is
      // always a neighbour, and it is the hex player's step (SPEC §13): on hex-y-* Left/Right
      // run along the row and Up/Down reach the row above or below keeping the column, which
      // takes the left and the right of the two neighbours in turn (the row's shift says which
      // was taken last), so a held key goes straight up; on hex-x-* Up/Down run along the column
      // and Left/Right zig-zag along the row the same way.
      hoverCell(scene, clampToMap(scene, step(at, d)), range);
      return std::nullopt;
    }
    case CursorKey::Confirm:
      if (scene.confirmingEndTurn) {
        answerEndTurn(scene, true);
      } else if (scene.attackPick) {
        confirmAttack(scene);
      } else if (scene.pending) {
        // Attack is the menu's first choice when a foe is in reach (SPEC §14), else Wait.
        if (!openAttack(scene)) waitUnit(scene);
      } else {
        hoverCell(scene, at, range);
        leftClick(scene, at, range);
      }
      return std::nullopt;
    case CursorKey::Cancel:
      if (scene.confirmingEndTurn) {
        answerEndTurn(scene, false);
        return std::nullopt;
      }
      if (scene.attackPick) {
        closeAttack(scene);
        return std::nullopt;
      }
      if (scene.pending) return backUnit(scene);
      cancel(scene);
      return std::nullopt;
    case CursorKey::Wait:
      waitUnit(scene);
      return std::nullopt;
    case CursorKey::NextUnit:
      // The next unit to move is selected, with the cursor on it (not while the menu after a
      // move, or the End turn question, is open).
      if (scene.walk || scene.pending || scene.confirmingEndTurn || scene.phase != Phase::Player) {
        return std::nullopt;
      }
      if (const auto next = nextUnmoved(scene, at)) {
        if (scene.selected != next) selectUnit(scene, *next);
        hoverCell(scene, scene.units[*next].cell, range);
      }
      return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace tactics::app
