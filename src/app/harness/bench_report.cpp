#include "app/harness/bench_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tactics::app {

BenchSummary summariseFrames(std::vector<double> frameMs) {
  BenchSummary summary;
  const std::size_t n = frameMs.size();
  summary.frames = n;
  if (n == 0) return summary;
  std::sort(frameMs.begin(), frameMs.end());
  summary.medianMs = n % 2 == 1 ? frameMs[n / 2] : (frameMs[n / 2 - 1] + frameMs[n / 2]) / 2;
  const auto rank = static_cast<std::size_t>(std::ceil(0.9 * static_cast<double>(n)));
  summary.p90Ms = frameMs[std::min(n - 1, rank == 0 ? 0 : rank - 1)];
  return summary;
}

std::string formatBenchReport(const BenchSummary& summary, PixelSize window, int solves) {
  char text[160];
  std::snprintf(text, sizeof text,
                "frames %zu\nwindow %dx%d\nmedian_ms %.3f\np90_ms %.3f\nsolves %d\n",
                summary.frames, window.width, window.height, summary.medianMs, summary.p90Ms,
                solves);
  return text;
}

}  // namespace tactics::app
