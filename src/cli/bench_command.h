#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace tactics::cli {

// `tactics-grid bench [--json FILE] [--quick] [--case NAME]...`: times every method on the fixed
// cases in one process on the headless context. `args` excludes the program name and "bench".
int runBench(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace tactics::cli
