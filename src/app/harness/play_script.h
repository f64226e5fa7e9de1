#pragma once
// A play script (--script FILE): a game as a person plays it, one action a line, each sent to the
// window once the demo has settled (no walk, no fight being shown, the computer's phases over;
// but `key escape` goes while the computer's phases play, and skips them):
//   click X,Y      a left click on the cell
//   key NAME       a key: z, x, c, e, t, tab, enter, escape, up, down, left, right
// Blank lines and lines starting with # are skipped. No GL.

#include <optional>
#include <string>
#include <vector>

#include "app/platform/input.h"
#include "tactics/solver/expected.h"
#include "tactics/solver/grid.h"

namespace tactics::app {

struct ScriptStep {
  enum class Kind { Click, Key };
  Kind kind = Kind::Click;
  Cell cell;
  Key key = Key::Other;
  int line = 0;  // in the file, from 1
};

// The steps of a script's text; the first bad line is an error naming `name`, the line and what
// a line may be.
Expected<std::vector<ScriptStep>> parsePlayScript(const std::string& text, const std::string& name);

// The same for a file.
Expected<std::vector<ScriptStep>> readPlayScript(const std::string& path);

}  // namespace tactics::app
