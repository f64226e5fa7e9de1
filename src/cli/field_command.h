#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace tactics::cli {

// `tactics-grid field ...` (SPEC §10): `args` excludes the program name and "field".
int runField(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace tactics::cli
