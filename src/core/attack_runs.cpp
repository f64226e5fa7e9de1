#include "attack_runs.h"

#include <algorithm>

namespace tactics {

void AttackRuns::build(Topology topology, const AttackRange& attack) {
  attack.merged(wanted_);  // into kept storage: a solve asks every time
  if (built_ && topology == topology_ && wanted_ == spans_) return;
  built_ = true;
  topology_ = topology;
  spans_ = wanted_;
  reach_ = attack.maxDistance();
  rows_ = 2 * reach_ + 1;
  runs_.clear();
  starts_.assign(static_cast<std::size_t>(2 * rows_ + 1), 0);
  // A cell of each parity far enough from 0 that every cell measured from it has non-negative
  // coordinates; one step down and right flips the parity on every hex layout (and on a square
  // board changes nothing that matters).
  const Cell even{2 * reach_ + 2, 2 * reach_ + 2};
  for (int parity = 0; parity < 2; ++parity) {
    const Cell o = topology.parity(even) == parity ? even : Cell{even.x + 1, even.y + 1};
    for (int dy = -reach_; dy <= reach_; ++dy) {
      starts_[static_cast<std::size_t>(parity * rows_ + dy + reach_)] = runs_.size();
      bool open = false;
      for (int dx = -reach_; dx <= reach_ + 1; ++dx) {
        const bool in =
            dx <= reach_ && attack.contains(topology.distance(o, {o.x + dx, o.y + dy}));
        if (in && !open) runs_.push_back({dx, dx});
        if (in) runs_.back().hi = dx;
        open = in;
      }
    }
  }
  starts_.back() = runs_.size();
  mirrored_ = true;
  for (int parity = 0; parity < 2; ++parity) {
    for (int dy = 1; dy <= reach_; ++dy) {
      mirrored_ = mirrored_ && std::equal(begin(parity, dy), end(parity, dy), begin(parity, -dy),
                                          end(parity, -dy), [](Run a, Run b) {
                                            return a.lo == b.lo && a.hi == b.hi;
                                          });
    }
  }
}

}  // namespace tactics
