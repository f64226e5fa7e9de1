#pragma once
// What every tactics-grid command shares on the command line (SPEC §5): flags parsed by CLI11
// (flag_parser.cpp), read strictly into a command's options, help, the one-line error format and
// the exit codes.

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tactics/solver/expected.h"

namespace tactics {

inline constexpr int kExitOk = 0;
inline constexpr int kExitBadInput = 2;  // bad arguments or input; one `error:` line on stderr
inline constexpr int kExitNoOpenGl = 3;  // no OpenGL 3.3 context (or no window) could be made

// How a flag takes its value. A value is the word after the flag, unless that word starts with
// `--` (or is empty, but for ValueOrEmpty), or what follows `=` in `--flag=value`.
enum class Takes : std::uint8_t {
  Nothing,       // a switch: --zoc (--zoc=VALUE is refused)
  Value,         // one value, the flag once: --move 5, --move=5
  ValueOrEmpty,  // the same, and the empty word is a value too: --skills "", --skills=
  EachTime,      // one value, the flag as often as wanted: --enemy 1,2 --enemy 3,4
  List,          // every following word up to the next `--` word: --cursor 1,2 3,4 (repeatable)
  Word,          // not a flag: a word of its own that does not start with '-' (import-tiled MAP)
};

// One flag as the command line spells it: "--move", with the hint "a whole number 0..255" for
// its errors. A Word's name only names it in the parsed values ("MAP").
struct FlagSpec {
  std::string_view name;
  std::string_view valueHint;
  Takes takes = Takes::Value;
};

struct FlagValue {
  std::string flag;
  std::string value;
};

// Parses `args` (the words after the command's name) with CLI11 against `specs`: every flag one of
// them, given once unless it takes EachTime or a List, each value as Takes says. Comes out as the
// values in the order given (a switch with an empty value), or with --help or -h where a flag may
// stand as the pair {"--help", ""} at the end; or the first problem, in the words SPEC §5 uses
// (a flag read wrong before a word no flag takes).
// `command` names the command in errors, e.g. "tactics-grid solve".
Expected<std::vector<FlagValue>> parseFlags(const std::vector<std::string>& args,
                                            const std::vector<FlagSpec>& specs,
                                            std::string_view command);

// True when the parsed flags hold --help.
bool asksForHelp(const std::vector<FlagValue>& flags);

// A flag bound to what its value does to a command's `Options`: `read` stores it (checked with the
// strict parsers of tactics/solver/parse.h and the like) or says what is wrong with it. `flag` is
// the spec's name, for the message.
template <class Options>
struct FlagRule {
  FlagSpec spec;
  std::optional<std::string> (*read)(Options& options, std::string_view flag,
                                     const std::string& value);
};

// What a command line gave, beyond the values read: the flags named, and --help.
struct GivenFlags {
  bool help = false;
  std::vector<std::string_view> names;  // a flag's name per value read, in the order given
  [[nodiscard]] bool has(std::string_view name) const {
    return std::find(names.begin(), names.end(), name) != names.end();
  }
};

// Parses `args` with the flags of `rules` (an array or vector of anything with a `spec` and a
// `read` as FlagRule has) and reads every value into `options`, in the order given. With --help
// nothing is read.
template <class Rules, class Options>
Expected<GivenFlags> readFlags(const std::vector<std::string>& args, const Rules& rules,
                               std::string_view command, Options& options) {
  std::vector<FlagSpec> specs;
  for (const auto& rule : rules) specs.push_back(rule.spec);
  const auto values = parseFlags(args, specs, command);
  if (!values) return Error{values.error()};
  GivenFlags given;
  given.help = asksForHelp(*values);
  if (given.help) return given;
  for (const FlagValue& value : *values) {
    const auto rule = std::find_if(std::begin(rules), std::end(rules),
                                   [&](const auto& r) { return r.spec.name == value.flag; });
    given.names.push_back(rule->spec.name);
    if (auto problem = rule->read(options, rule->spec.name, value.value)) return Error{*problem};
  }
  return given;
}

// The line a command prints for bad input: "error: " + message, with control characters from
// echoed user text escaped (\n, \t, \xNN) so that it stays one line.
std::string errorLine(std::string_view message);

}  // namespace tactics
