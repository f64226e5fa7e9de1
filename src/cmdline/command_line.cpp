#include "cmdline/command_line.h"

#include <algorithm>
#include <cstdio>

namespace tactics {

Expected<std::vector<FlagValue>> splitFlags(const std::vector<std::string>& args,
                                            const std::vector<FlagSpec>& specs,
                                            std::string_view command) {
  std::vector<FlagValue> values;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& flag = args[i];
    if (flag == "--help" || flag == "-h") {
      values.push_back({"--help", ""});
      continue;
    }
    const auto spec = std::find_if(specs.begin(), specs.end(),
                                   [&](const FlagSpec& s) { return s.name == flag; });
    if (spec == specs.end()) {
      std::string known;
      for (const FlagSpec& s : specs) known += (known.empty() ? "" : ", ") + std::string(s.name);
      return Error{"unknown argument '" + flag + "' for `" + std::string(command) +
                   "`; expected " + known + " (or --help)"};
    }
    const bool seen = std::any_of(values.begin(), values.end(),
                                  [&](const FlagValue& v) { return v.flag == flag; });
    if (seen && !spec->repeatable) return Error{flag + " is given twice; give it once"};
    const bool valueFollows = i + 1 < args.size() && !args[i + 1].empty() &&
                              args[i + 1].rfind("--", 0) != 0;
    if (!valueFollows) {
      return Error{flag + " is missing its value; expected " + std::string(spec->valueHint)};
    }
    values.push_back({flag, args[++i]});
  }
  return values;
}

bool asksForHelp(const std::vector<FlagValue>& flags) {
  return std::any_of(flags.begin(), flags.end(),
                     [](const FlagValue& f) { return f.flag == "--help"; });
}

std::string errorLine(std::string_view message) {
  std::string line = "error: ";
  for (char c : message) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\n') {
      line += "\\n";
    } else if (c == '\t') {
      line += "\\t";
    } else if (byte < 0x20 || byte == 0x7f) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\x%02x", byte);
      line += escaped;
    } else {
      line += c;
    }
  }
  return line + "\n";
}

}  // namespace tactics
