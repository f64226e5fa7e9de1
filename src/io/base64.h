#pragma once
// Base64 text (RFC 4648, standard alphabet) as Tiled writes it in layer data.

#include <cstdint>
#include <string_view>
#include <vector>

#include "tactics/solver/expected.h"

namespace tactics {

// Decodes `text`, skipping whitespace (Tiled indents its layer data). Padding is optional at the
// end; any other character, or a lone final character, is an error.
Expected<std::vector<std::uint8_t>> decodeBase64(std::string_view text);

}  // namespace tactics
