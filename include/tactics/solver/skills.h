#pragma once
// A unit's skills (SPEC §11.3): what changes how one mover sees the board. `pass` crosses the
// cells of hostile units as it crosses its friends' (reached, never stopped on); `skirmisher`
// ignores zone of control (SPEC §11.2). The rules seam (move_rules.h) reads them.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tactics/solver/expected.h"

namespace tactics {

enum class Skill : std::uint8_t { Pass = 1u << 0, Skirmisher = 1u << 1 };

// Every skill, in the order names are written.
inline constexpr std::array<Skill, 2> kSkills = {Skill::Pass, Skill::Skirmisher};

// "pass", "skirmisher".
const char* skillName(Skill skill);
// The skill called `name` exactly, if any.
std::optional<Skill> skillNamed(std::string_view name);

// A set of skills, one bit each.
struct Skills {
  std::uint8_t bits = 0;

  [[nodiscard]] bool has(Skill skill) const { return (bits & static_cast<std::uint8_t>(skill)) != 0; }
  Skills& add(Skill skill) {
    bits = static_cast<std::uint8_t>(bits | static_cast<std::uint8_t>(skill));
    return *this;
  }
  [[nodiscard]] bool empty() const { return bits == 0; }
  friend bool operator==(Skills a, Skills b) { return a.bits == b.bits; }
  friend bool operator!=(Skills a, Skills b) { return a.bits != b.bits; }
};

// The names of the skills in `skills`, in kSkills order (what a JSON list holds).
std::vector<std::string> skillNames(Skills skills);
// The comma-separated form parseSkills reads: "pass,skirmisher", "" for none.
std::string formatSkills(Skills skills);

// Adds the skill called `name` (one entry of a list): an error, naming `what` (e.g. "unit 2
// 'Rogue' skills"), when the name is unknown or already in `skills`.
std::optional<std::string> addSkill(Skills& skills, std::string_view name, std::string_view what);

// Comma-separated distinct skill names, e.g. "pass,skirmisher"; "" means none. Unknown, repeated
// or empty names are errors naming `what` (e.g. "--skills") and the names allowed.
Expected<Skills> parseSkills(std::string_view text, std::string_view what);

}  // namespace tactics
