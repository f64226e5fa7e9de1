#include "json_bytes.h"

namespace tactics {

std::optional<std::string> nulByteInJson(const std::vector<std::uint8_t>& bytes) {
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    if (bytes[i] == 0) {
      return "it holds a NUL byte at offset " + std::to_string(i) + "; JSON text has none";
    }
  }
  return std::nullopt;
}

}  // namespace tactics
