#pragma once
// Checks on the bytes of a JSON file before nlohmann parses them.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tactics {

// JSON text holds no NUL byte, and nlohmann's parser would take one for the end of the text
// (ignoring whatever follows): the error for the first one, if any.
std::optional<std::string> nulByteInJson(const std::vector<std::uint8_t>& bytes);

}  // namespace tactics
