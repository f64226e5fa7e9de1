#pragma once
// What every tactics-grid command shares on the command line: strict flag splitting, help, the
// one-line error format and the exit codes (SPEC §5).

#include <string>
#include <string_view>
#include <vector>

#include "tactics/solver/expected.h"

namespace tactics {

inline constexpr int kExitOk = 0;
inline constexpr int kExitBadInput = 2;  // bad arguments or input; one `error:` line on stderr
inline constexpr int kExitNoOpenGl = 3;  // no OpenGL 3.3 context (or no window) could be made

// A command line flag that takes a value: "--move" with the hint "0..255" for its errors. A
// flag with no hint is a switch: it takes no value.
struct FlagSpec {
  std::string_view name;
  std::string_view valueHint;
  bool repeatable = false;
  // A list flag (`--cursor X,Y X,Y ...`) takes every following argument up to the next one that
  // starts with `--`; each comes out as its own FlagValue. At least one value is required.
  bool list = false;
  // The value may be empty (`--skills ""`, `--skills=`): "none" where the flag takes a list.
  bool emptyValue = false;
};

struct FlagValue {
  std::string flag;
  std::string value;
};

// Splits `args` into flag/value pairs: every flag one of `specs`, given once unless repeatable,
// and followed by a non-empty value that is not itself a flag ("-" alone is a value), or written
// `--flag=value` (the value may then start with `--`). --help or
// -h where a flag may stand comes out as the pair {"--help", ""}; as a value it is just a value.
// `command` names the command in errors, e.g. "tactics-grid solve".
Expected<std::vector<FlagValue>> splitFlags(const std::vector<std::string>& args,
                                            const std::vector<FlagSpec>& specs,
                                            std::string_view command);

// True when the split flags hold --help.
bool asksForHelp(const std::vector<FlagValue>& flags);

// The line a command prints for bad input: "error: " + message, with control characters from
// echoed user text escaped (\n, \t, \xNN) so that it stays one line.
std::string errorLine(std::string_view message);

}  // namespace tactics
