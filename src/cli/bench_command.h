#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "tactics/gpu/headless_context.h"
#include "tactics/solver/expected.h"

namespace tactics::cli {

struct BenchArguments {
  std::optional<std::string> jsonPath;
  bool quick = false;
  gpu::GlApi gl = gpu::GlApi::Core;  // --gl: the headless context's API
  std::vector<std::string> cases;  // known case names, each once; every case when none given
  bool help = false;
};

// The flags alone, strictly: a pure function, nothing is timed. `args` as for runBench.
Expected<BenchArguments> parseBenchArguments(const std::vector<std::string>& args);

// `tactics-grid bench [--json FILE] [--quick] [--case NAME]...`: times every method on the fixed
// cases in one process on the headless context. `args` excludes the program name and "bench".
int runBench(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace tactics::cli
