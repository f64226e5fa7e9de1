#include "cmdline/command_line.h"

#include <algorithm>
#include <cstdio>

namespace tactics {

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
