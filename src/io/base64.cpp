#include "base64.h"

#include <string>

namespace tactics {

namespace {

// The 6-bit value of a base64 digit, or -1.
int digitValue(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

bool isSpace(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

}  // namespace

Expected<std::vector<std::uint8_t>> decodeBase64(std::string_view text) {
  std::vector<std::uint8_t> bytes;
  bytes.reserve(text.size() / 4 * 3);
  std::uint32_t bits = 0;
  int bitCount = 0;
  std::size_t digits = 0;
  std::size_t padding = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (isSpace(c)) continue;
    if (c == '=') {
      ++padding;
      continue;
    }
    const int value = digitValue(c);
    if (value < 0 || padding > 0) {
      return Error{"base64 data has '" + std::string(1, c) + "' at character " +
                   std::to_string(i + 1) + "; expected only A-Z, a-z, 0-9, +, / and = at the end"};
    }
    bits = (bits << 6) | static_cast<std::uint32_t>(value);
    bitCount += 6;
    ++digits;
    // Every full byte leaves the accumulator as soon as it is complete.
    if (bitCount >= 8) {
      bitCount -= 8;
      bytes.push_back(static_cast<std::uint8_t>((bits >> bitCount) & 0xFFu));
    }
  }
  if (digits % 4 == 1 || padding > 2 || (padding > 0 && (digits + padding) % 4 != 0)) {
    return Error{"base64 data is truncated (" + std::to_string(digits) + " digits)"};
  }
  return bytes;
}

}  // namespace tactics
