#pragma once
// --bench-frames' report: the frames' work (update, draw, the GPU's part) in ms, as the lines
//   frames N / window WxH / median_ms M / p90_ms P / solves S
// No GL.

#include <string>
#include <vector>

#include "app/view/board_layout.h"

namespace tactics::app {

struct BenchSummary {
  std::size_t frames = 0;
  double medianMs = 0;
  double p90Ms = 0;  // the nearest-rank 90th percentile
};

BenchSummary summariseFrames(std::vector<double> frameMs);

std::string formatBenchReport(const BenchSummary& summary, PixelSize window, int solves);

}  // namespace tactics::app
