#pragma once
// The compressions Tiled applies to base64 layer data: zlib, gzip (zlib1g) and zstd (libzstd).

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "tactics/solver/expected.h"

namespace tactics {

enum class Compression { None, Zlib, Gzip, Zstd };

// Inflates `bytes`; more than `limit` bytes of output is an error (a decompression bomb, or data
// that cannot belong to any map the project accepts). Compression::None returns `bytes`.
Expected<std::vector<std::uint8_t>> decompress(const std::vector<std::uint8_t>& bytes,
                                               Compression compression, std::size_t limit);

// The name Tiled writes for a compression: "", "zlib", "gzip", "zstd".
std::string_view compressionName(Compression compression);

}  // namespace tactics
