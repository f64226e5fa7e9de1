#pragma once
// `tactics-grid` / `tactics-grid demo ...`: the interactive window, or with --screenshot the
// scripted run that renders a few frames, saves them and prints `board X0 Y0 CELL`.

#include <iosfwd>
#include <string>
#include <vector>

#include "cmdline/command_line.h"

namespace tactics::app {

// args are the words after `demo`. Errors go to `err` as one `error: ...` line.
int runDemo(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace tactics::app
