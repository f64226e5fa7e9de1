#pragma once
// Where an attack reaches on a hex board (SPEC §3, §11.4, §13), row by row: from a cell of each
// parity, the column offsets dx of the cells dy rows away whose hex distance lies in the set, as
// runs of consecutive columns. On a square board the rows are symmetric and every caller works
// the runs out from the spans directly; a hex cell's runs depend on its parity (which of a row's
// cells are its neighbours) and, on hex-x-*, on the sign of dy. A span min..max gives one run on
// a row it reaches through the middle, two where the middle is nearer than min.

#include <cstddef>
#include <vector>

#include "tactics/solver/range_query.h"
#include "tactics/solver/topology.h"

namespace tactics {

class AttackRuns {
 public:
  // Columns dx lo..hi (inclusive).
  struct Run {
    int lo = 0;
    int hi = 0;
  };

  // The runs of `attack` on `topology`, for row offsets -maxDistance..maxDistance. Keeps the last
  // table when asked for the same layout and set again (a game asks for one unit's attack many
  // times over).
  void build(Topology topology, const AttackRange& attack);

  // The runs from a cell of `parity` on the row `dy` rows away (|dy| <= the attack's reach).
  [[nodiscard]] const Run* begin(int parity, int dy) const {
    return runs_.data() + starts_[index(parity, dy)];
  }
  [[nodiscard]] const Run* end(int parity, int dy) const {
    return runs_.data() + starts_[index(parity, dy) + 1];
  }
  // Whether the rows dy above and below hold the same runs for either parity (true of hex-y-*,
  // which mirrors top to bottom): one spread of a row then serves both.
  [[nodiscard]] bool mirrored() const { return mirrored_; }

 private:
  [[nodiscard]] std::size_t index(int parity, int dy) const {
    return static_cast<std::size_t>(parity * rows_ + dy + reach_);
  }

  bool built_ = false;
  bool mirrored_ = false;
  Topology topology_;
  std::vector<AttackSpan> spans_;   // the set the table was built for, merged
  std::vector<AttackSpan> wanted_;  // the set asked for now
  int reach_ = 0;
  int rows_ = 0;
  std::vector<Run> runs_;
  std::vector<std::size_t> starts_;  // where each (parity, dy)'s runs begin; one more: the end
};

}  // namespace tactics
