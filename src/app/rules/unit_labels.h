#pragma once
// The short labels drawn on unit tokens and named in the panel: up to 3 characters, unique among
// the units on the board, read from the name. No GL.
//
// The rule, for a player to read at a glance:
// 1. A name's key is its ASCII letters and digits, upper-cased (the pixel font draws nothing
//    else); a name with none of them has the key "U" (unit).
// 2. A unit's label is the shortest start of its key, 1 to 3 characters, that no other unit's
//    key starts with: "Soldier" and "Sniper" are "SO" and "SN", "P0".."P9" are "P0".."P9", a
//    lone "Fighter" is "F".
// 3. Units left over (the same name twice, or names alike in their first 3 characters) are the
//    key's first character and a number, counted from 1 per first character in roster order,
//    skipping labels already taken: two "Soldier"s are "S1" and "S2". Past 99 of one first
//    character the label is a number alone, 100 to 999.

#include <string>
#include <vector>

#include "tactics/solver/units.h"

namespace tactics::app {

inline constexpr std::size_t kMaxLabelLength = 3;

// The key of rule 1.
std::string labelKey(const std::string& name);

// Zoomed in, each token also shows its unit's whole name under it: from cells this wide
// (pixels at content scale 1), and cut to what fits in its cell.
inline constexpr int kNameCell = 48;
[[nodiscard]] bool showsNames(int cellPixels, float contentScale);

// The name as drawn under a token, at most `room` characters (UTF-8 code points): whole when it
// fits, else its start and "..", or nothing when not even 3 characters fit.
std::string nameTag(const std::string& name, std::size_t room);

// One label per name, in order, all different.
std::vector<std::string> unitLabels(const std::vector<std::string>& names);
std::vector<std::string> unitLabels(const std::vector<Unit>& units);

// The labels of the units the player sees, told apart among themselves only, so a hidden
// enemy's name leaks into no one's label (SPEC §11.5); with `all` (the level editor), every
// unit's. Indexed as `units`; "" for a unit not seen.
std::vector<std::string> seenUnitLabels(const std::vector<Unit>& units, bool all = false);

// Labels that stay put during a game: a unit keeps the label it was first shown with, and an
// enemy revealed by fog gets one no shown unit has ("A" stays the Archer's when the Assassin
// appears, who becomes "AS"), so that nothing the player has read changes under them. A new
// roster (the editor adds, removes or renames a unit, another board opens) or the editor's view
// of every unit starts over from seenUnitLabels(). The demo keeps one per window.
class UnitLabelMemory {
 public:
  // The labels to draw for `units` now, indexed as `units`, "" for a unit not seen; the same
  // answer for the same units however often it is asked.
  const std::vector<std::string>& labels(const std::vector<Unit>& units, bool all = false);

 private:
  std::vector<std::string> names_;       // the roster the labels were made for
  bool all_ = false;
  std::vector<std::string> remembered_;  // each unit's label once shown, "" before
  std::vector<std::string> shown_;
};

}  // namespace tactics::app
