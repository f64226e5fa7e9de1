#include "tactics/solver/range_query.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "tactics/solver/parse.h"

namespace tactics {

AttackRange AttackRange::list(const std::vector<AttackSpan>& spans) {
  AttackRange attack;
  attack.count_ = static_cast<int>(std::min<std::size_t>(spans.size(), kMaxSpans));
  std::copy_n(spans.begin(), attack.count_, attack.spans_.begin());
  attack.listed_ = true;
  return attack;
}

std::vector<AttackSpan> AttackRange::merged() const {
  std::vector<AttackSpan> out;
  merged(out);
  return out;
}

void AttackRange::merged(std::vector<AttackSpan>& out) const {
  // At most eight spans, sorted in place by insertion (no allocation: a solver asks per query).
  std::array<AttackSpan, kMaxSpans> spans = spans_;
  const auto before = [](AttackSpan a, AttackSpan b) {
    return a.min != b.min ? a.min < b.min : a.max < b.max;
  };
  for (std::size_t i = 1; i < static_cast<std::size_t>(count_); ++i) {
    for (std::size_t j = i; j > 0 && before(spans[j], spans[j - 1]); --j) {
      std::swap(spans[j], spans[j - 1]);
    }
  }
  out.clear();
  for (std::size_t i = 0; i < static_cast<std::size_t>(count_); ++i) {
    const AttackSpan s = spans[i];
    if (!out.empty() && s.min <= out.back().max + 1) {
      out.back().max = std::max(out.back().max, s.max);
    } else {
      out.push_back(s);
    }
  }
}

bool AttackRange::contains(int distance) const {
  for (int i = 0; i < count_; ++i) {
    if (spans_[static_cast<std::size_t>(i)].min <= distance &&
        distance <= spans_[static_cast<std::size_t>(i)].max) {
      return true;
    }
  }
  return false;
}

int AttackRange::minDistance() const {
  int nearest = 0;
  for (int i = 0; i < count_; ++i) {
    const int m = spans_[static_cast<std::size_t>(i)].min;
    nearest = i == 0 ? m : std::min(nearest, m);
  }
  return nearest;
}

int AttackRange::maxDistance() const {
  int farthest = 0;
  for (int i = 0; i < count_; ++i) farthest = std::max(farthest, spans_[static_cast<std::size_t>(i)].max);
  return farthest;
}

bool operator==(const AttackRange& a, const AttackRange& b) {
  return a.count_ == b.count_ && a.listed_ == b.listed_ &&
         std::equal(a.spans_.begin(), a.spans_.begin() + a.count_, b.spans_.begin());
}

namespace {

constexpr const char* kAttackAllowed =
    "; expected MAX or MIN-MAX with 1 <= MIN <= MAX <= 255, 0 for none, or a comma list of 2..8 "
    "ranges MIN-MAX or N (exactly N), e.g. 1,3 or 1-2,4-10";

// A plain decimal number (at most 6 digits, so it cannot overflow), or nothing.
std::optional<int> decimal(std::string_view text) {
  if (text.empty() || text.size() > 6) return std::nullopt;
  int value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + (c - '0');
  }
  return value;
}

// One entry of a comma list: "MIN-MAX" or "N" (exactly N).
Expected<AttackSpan> parseListEntry(std::string_view entry, const std::string& named) {
  if (entry.empty()) return Error{named + " has an empty entry" + kAttackAllowed};
  const auto dash = entry.find('-');
  const auto lo = decimal(entry.substr(0, dash));
  const auto hi = dash == std::string_view::npos ? lo : decimal(entry.substr(dash + 1));
  const std::string quoted = "'" + std::string(entry) + "'";
  if (!lo || !hi) return Error{named + ": entry " + quoted + " is not MIN-MAX or N" + kAttackAllowed};
  if (*lo > kMaxAttackRange || *hi > kMaxAttackRange) {
    return Error{named + ": entry " + quoted + " goes over 255" + kAttackAllowed};
  }
  if (*lo == 0) {
    return Error{named + ": entry " + quoted +
                 " starts at 0 (0 means no attack and cannot be combined)" + kAttackAllowed};
  }
  if (*lo > *hi) return Error{named + ": entry " + quoted + " has MIN > MAX" + kAttackAllowed};
  return AttackSpan{*lo, *hi};
}

}  // namespace

Expected<AttackRange> parseAttackRange(std::string_view text, std::string_view what) {
  const std::string allowed = kAttackAllowed;
  const std::string named = std::string(what) + " '" + std::string(text) + "'";
  if (text.find(',') != std::string_view::npos) {
    std::vector<AttackSpan> spans;
    std::size_t from = 0;
    for (;;) {
      const auto comma = text.find(',', from);
      const auto entry = parseListEntry(text.substr(from, comma - from), named);
      if (!entry) return Error{entry.error()};
      spans.push_back(*entry);
      if (comma == std::string_view::npos) break;
      from = comma + 1;
    }
    if (spans.size() > static_cast<std::size_t>(AttackRange::kMaxSpans)) {
      return Error{named + " has " + std::to_string(spans.size()) + " ranges, more than 8" + allowed};
    }
    return AttackRange::list(spans);
  }
  const auto dash = text.find('-');
  if (dash == std::string_view::npos) {
    // Not a number, or over 255: every form it could have been, not only MAX's.
    const auto max = parseInteger(text, 0, kMaxAttackRange, what);
    if (!max) return Error{named + " is not allowed" + allowed};
    return AttackRange{*max == 0 ? 0 : 1, *max};
  }
  const auto min = parseInteger(text.substr(0, dash), 0, kCellCoordinateLimit, what);
  const auto max = parseInteger(text.substr(dash + 1), 0, kCellCoordinateLimit, what);
  if (!min || !max) return Error{named + " is not MIN-MAX" + allowed};
  if (*min == 0 && *max == 0) return AttackRange{0, 0};
  if (*min < 1 || *min > *max || *max > kMaxAttackRange) {
    return Error{std::string(what) + " " + std::string(text) + " is not allowed" + allowed};
  }
  return AttackRange{*min, *max};
}

std::string formatAttackRange(const AttackRange& attack) {
  if (attack.none()) return "0";
  if (!attack.listed()) {
    return std::to_string(attack.span(0).min) + "-" + std::to_string(attack.span(0).max);
  }
  std::string text;
  for (int i = 0; i < attack.spanCount(); ++i) {
    const AttackSpan s = attack.span(i);
    if (i > 0) text += ",";
    text += std::to_string(s.min);
    if (s.max != s.min) text += "-" + std::to_string(s.max);
  }
  return text;
}

std::string attackRangeJson(const AttackRange& attack, bool space) {
  const std::string comma = space ? ", " : ",";
  const auto pair = [&](AttackSpan s) {
    return "[" + std::to_string(s.min) + comma + std::to_string(s.max) + "]";
  };
  if (attack.none()) return pair({0, 0});
  if (!attack.listed()) return pair(attack.span(0));
  std::string json = "[";
  const auto spans = attack.merged();
  for (std::size_t i = 0; i < spans.size(); ++i) json += (i > 0 ? comma : "") + pair(spans[i]);
  return json + "]";
}

namespace {

// The other units' problem: in the order they are checked (the mover, the enemies, the allies),
// the first one off the map, or on a cell an earlier one holds. The mover is on the map.
std::optional<std::string> unitPlacementProblem(const CostMap& map, const RangeQuery& query) {
  const auto outside = [&](const char* name, Cell c) {
    return std::string(name) + " " + toString(c) + " is outside " + map.boundsText();
  };
  const std::size_t enemies = query.enemies.size();
  const std::size_t count = 1 + enemies + query.allies.size();
  const auto unitAt = [&](std::size_t i) {
    return i == 0         ? query.unit
           : i <= enemies ? query.enemies[i - 1]
                          : query.allies[i - 1 - enemies];
  };
  const auto nameOf = [&](std::size_t i) {
    return i == 0 ? "unit" : i <= enemies ? "enemy" : "ally";
  };
  // In that order, each unit's cell goes into a small hash table of the cells taken so far
  // (open addressing, kept per thread): O(units), no sort and no allocation per query.
  thread_local std::vector<std::pair<std::int64_t, std::size_t>> taken;
  std::size_t slots = 16;
  while (slots < 2 * count) slots *= 2;
  constexpr std::int64_t kFree = -1;
  taken.assign(slots, {kFree, 0});
  for (std::size_t i = 0; i < count; ++i) {
    const Cell c = unitAt(i);
    if (!map.contains(c)) return outside(nameOf(i), c);
    const std::int64_t key = std::int64_t{c.y} * map.width() + c.x;
    // Fibonacci hashing: the multiplier's high bits spread neighbouring cells apart.
    std::size_t slot =
        static_cast<std::size_t>(static_cast<std::uint64_t>(key) * 0x9E3779B97F4A7C15ULL >> 32) &
        (slots - 1);
    while (taken[slot].first != kFree && taken[slot].first != key) slot = (slot + 1) & (slots - 1);
    if (taken[slot].first == key) {
      const std::size_t holder = taken[slot].second;
      const char* other = holder == 0 ? "the unit" : holder <= enemies ? "an enemy" : "an ally";
      return std::string(nameOf(i)) + " " + toString(c) + " is on the same cell as " + other +
             "; no two units may share a cell";
    }
    taken[slot] = {key, i};
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> validate(const CostMap& map, const RangeQuery& query) {
  // Games and batches validate every query: nothing here is O(map), and no text is made unless
  // something is wrong.
  if (!map.contains(query.unit)) {
    return "unit " + toString(query.unit) + " is outside " + map.boundsText();
  }
  if (query.moveRange < 0 || query.moveRange > kMaxMoveRange) {
    return "move range " + std::to_string(query.moveRange) + " is out of range 0..255";
  }
  const AttackRange& a = query.attack;
  for (int i = 0; i < a.spanCount(); ++i) {
    const AttackSpan s = a.span(i);
    if (!(1 <= s.min && s.min <= s.max && s.max <= kMaxAttackRange)) {
      return "attack range " + std::to_string(s.min) + "-" + std::to_string(s.max) +
             " is not allowed; expected MIN-MAX with 1 <= MIN <= MAX <= 255, or 0";
    }
  }
  if (query.sight.on && map.topology().hex()) {
    return "line of sight is defined on square boards only, and this board is " +
           std::string(layoutName(map.layout())) + " (SPEC 11.8)";
  }
  if (auto problem = unitPlacementProblem(map, query)) return problem;
  const int terrain = map.terrain(query.unit);
  if (!query.movement.passable(terrain)) {
    return "unit " + toString(query.unit) + " stands on " + map.describeCell(query.unit) +
           ", which its movement class cannot enter";
  }
  return std::nullopt;
}

}  // namespace tactics
