#include "cmdline/command_line.h"

#include <algorithm>
#include <cstdio>

namespace tactics {

Expected<std::vector<FlagValue>> splitFlags(const std::vector<std::string>& args,
                                            const std::vector<FlagSpec>& specs,
                                            std::string_view command) {
  std::vector<FlagValue> values;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--help" || arg == "-h") {
      values.push_back({"--help", ""});
      continue;
    }
    // `--flag=value` is the same as `--flag value`.
    const auto equals = arg.rfind("--", 0) == 0 ? arg.find('=') : std::string::npos;
    const std::string flag = arg.substr(0, equals);
    const auto spec = std::find_if(specs.begin(), specs.end(),
                                   [&](const FlagSpec& s) { return s.name == flag; });
    if (spec == specs.end()) {
      std::string known;
      for (const FlagSpec& s : specs) known += (known.empty() ? "" : ", ") + std::string(s.name);
      return Error{"unknown argument '" + arg + "' for `" + std::string(command) +
                   "`; expected " + known + " (or --help)"};
    }
    const bool seen = std::any_of(values.begin(), values.end(),
                                  [&](const FlagValue& v) { return v.flag == flag; });
    if (seen && !spec->repeatable) return Error{flag + " is given twice; give it once"};
    const auto isValue = [&](std::size_t j) {
      return j < args.size() && !args[j].empty() && args[j].rfind("--", 0) != 0;
    };
    // A switch (no value hint) stands alone.
    if (spec->valueHint.empty()) {
      if (equals != std::string::npos) return Error{flag + " takes no value"};
      values.push_back({flag, ""});
      continue;
    }
    const std::size_t before = values.size();
    if (equals != std::string::npos) {
      if (equals + 1 < arg.size() || spec->emptyValue) {
        values.push_back({flag, arg.substr(equals + 1)});
      }
    } else if (isValue(i + 1) || (spec->emptyValue && i + 1 < args.size() && args[i + 1].empty())) {
      values.push_back({flag, args[++i]});
    }
    if (values.size() == before) {
      return Error{flag + " is missing its value; expected " + std::string(spec->valueHint)};
    }
    while (spec->list && isValue(i + 1)) values.push_back({flag, args[++i]});
  }
  return values;
}

bool asksForHelp(const std::vector<FlagValue>& flags) {
  return std::any_of(flags.begin(), flags.end(),
                     [](const FlagValue& f) { return f.flag == "--help"; });
}

namespace {

// An error line keeps this many bytes of its message's start and as many of its end: where and
// what, and what is allowed. A value echoed from the input (a 10 MB number) loses its middle.
constexpr std::size_t kErrorEndBytes = 240;

bool continuesUtf8(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

std::string shortened(std::string_view message) {
  if (message.size() <= 2 * kErrorEndBytes + 40) return std::string(message);
  std::size_t headEnd = kErrorEndBytes;
  while (headEnd > 0 && continuesUtf8(message[headEnd])) --headEnd;
  std::size_t tailStart = message.size() - kErrorEndBytes;
  while (tailStart < message.size() && continuesUtf8(message[tailStart])) ++tailStart;
  return std::string(message.substr(0, headEnd)) + " [... " +
         std::to_string(tailStart - headEnd) + " bytes left out ...] " +
         std::string(message.substr(tailStart));
}

}  // namespace

std::string errorLine(std::string_view message) {
  std::string line = "error: ";
  for (char c : shortened(message)) {
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
