#include "cli/json_text.h"

namespace tactics::cli {

std::string jsonString(const std::string& text) {
  std::string out = "\"";
  for (char ch : text) {
    const auto byte = static_cast<unsigned char>(ch);
    if (ch == '"' || ch == '\\') {
      out += '\\';
      out += ch;
    } else if (byte < 0x20) {
      static const char* const kHex = "0123456789abcdef";
      out += "\\u00";
      out += kHex[byte >> 4];
      out += kHex[byte & 15];
    } else {
      out += ch;
    }
  }
  return out + "\"";
}

std::string cellJson(Cell c) { return "[" + std::to_string(c.x) + "," + std::to_string(c.y) + "]"; }

}  // namespace tactics::cli
