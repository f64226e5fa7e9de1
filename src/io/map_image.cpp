#include "tactics/io/map_image.h"

#include <stb_image.h>

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>

#include "tactics/io/file_io.h"
#include "tactics/io/tiled_map.h"

namespace tactics {

namespace {

constexpr const char* kReadableMaps =
    "a map must be an image (PNG, JPEG, BMP, GIF, TGA, PSD, HDR, PIC or PNM) or a Tiled map "
    "(.tmx, .tmj or .json)";

// A binary PGM/PPM header (P5, P6) whose width, height or maximum value is above 65535. stb_image
// reads these numbers into an int with no overflow check (undefined behaviour, found by
// fuzz_map), so they are refused here first; no valid map or PNM value is that large. A 16-bit
// colour PPM (P6, maximum above 255) is refused too: this stb_image converts it to grey as if it
// had 8-bit samples and then reads twice the buffer it made (a heap overflow found by fuzz_map).
std::optional<std::string> oversizedPnmNumber(const std::vector<std::uint8_t>& bytes) {
  if (bytes.size() < 2 || bytes[0] != 'P' || (bytes[1] != '5' && bytes[1] != '6')) return {};
  std::size_t i = 2;
  const auto at = [&](std::size_t k) { return k < bytes.size() ? bytes[k] : std::uint8_t{0}; };
  const auto isSpace = [](std::uint8_t c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
  };
  long value = 0;
  for (const char* what : {"width", "height", "maximum value"}) {
    // Blanks and # comments, as stb_image skips them.
    while (i < bytes.size() && (isSpace(at(i)) || at(i) == '#')) {
      if (at(i) == '#') {
        while (i < bytes.size() && at(i) != '\n' && at(i) != '\r') ++i;
      } else {
        ++i;
      }
    }
    value = 0;
    for (; i < bytes.size() && at(i) >= '0' && at(i) <= '9'; ++i) {
      value = value * 10 + (at(i) - '0');
      if (value > 65535) {
        return std::string("the PNM header's ") + what + " is above 65535; " + kReadableMaps;
      }
    }
  }
  if (bytes[1] == '6' && value > 255) {
    return std::string("16-bit colour PPM images are not supported; save the map with 8-bit "
                       "samples (maximum value 255) or as PNG");
  }
  return {};
}

std::string sizeError(std::uint64_t width, std::uint64_t height) {
  return "the image is " + std::to_string(width) + "x" + std::to_string(height) +
         "; maps must be 1..4096 cells wide and tall";
}

// A PNG's size from its header (IHDR), which stb_image reports only as "unknown image type"
// when it is 0 or beyond what it decodes.
std::optional<std::string> pngSizeProblem(const std::vector<std::uint8_t>& bytes) {
  static const std::uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  if (bytes.size() < 8 || !std::equal(kSignature, kSignature + 8, bytes.begin())) return {};
  if (bytes.size() < 24 || std::string(bytes.begin() + 12, bytes.begin() + 16) != "IHDR") {
    return std::string("the PNG ends or is corrupt before its size (the IHDR chunk)");
  }
  const auto bigEndian = [&](std::size_t at) {
    return std::uint64_t{bytes[at]} << 24 | std::uint64_t{bytes[at + 1]} << 16 |
           std::uint64_t{bytes[at + 2]} << 8 | std::uint64_t{bytes[at + 3]};
  };
  const std::uint64_t width = bigEndian(16);
  const std::uint64_t height = bigEndian(20);
  if (width < 1 || height < 1 || width > kMaxMapSide || height > kMaxMapSide) {
    return sizeError(width, height);
  }
  return {};
}

// stb_image's reason for a failure, in parentheses, if it gave one.
std::string stbReason() {
  const char* reason = stbi_failure_reason();
  return reason != nullptr && *reason != '\0' ? std::string(" (") + reason + ")" : "";
}

}  // namespace

Expected<CostMap> decodeMap(const std::vector<std::uint8_t>& bytes) {
  if (bytes.empty()) return Error{std::string("the file is empty; ") + kReadableMaps};
  if (bytes.size() > static_cast<std::size_t>(std::numeric_limits<int>::max())) {
    return Error{"the file is too large to be a map"};
  }
  const int length = static_cast<int>(bytes.size());
  if (auto problem = oversizedPnmNumber(bytes)) return Error{*problem};
  if (auto problem = pngSizeProblem(bytes)) return Error{*problem};

  // Check the size before decoding so a huge image is refused without allocating it.
  int width = 0;
  int height = 0;
  int channels = 0;
  if (!stbi_info_from_memory(bytes.data(), length, &width, &height, &channels)) {
    return Error{"not a readable image" + stbReason() + "; " + kReadableMaps};
  }
  if (width < 1 || height < 1 || width > kMaxMapSide || height > kMaxMapSide) {
    return Error{sizeError(static_cast<std::uint64_t>(width), static_cast<std::uint64_t>(height))};
  }

  using Pixels = std::unique_ptr<stbi_uc, decltype(&stbi_image_free)>;
  Pixels pixels(stbi_load_from_memory(bytes.data(), length, &width, &height, &channels, 1),
                &stbi_image_free);
  if (!pixels) {
    return Error{"the image could not be decoded" + stbReason() + "; it may be truncated or corrupt"};
  }
  const std::size_t count = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  return CostMap(width, height, std::vector<std::uint8_t>(pixels.get(), pixels.get() + count));
}

Expected<CostMap> loadMap(const std::string& path) {
  return loadMap(path, [](const std::string& file) { return readFileBytes(file); });
}

Expected<CostMap> loadMap(const std::string& path, const ReadFile& readFile) {
  const auto bytes = readFile(path);
  if (!bytes) return Error{"cannot read map '" + path + "': " + bytes.error()};
  // Tiled maps go by extension (SPEC §9); everything else is an image for stb.
  if (isTiledMapPath(path)) {
    auto tiled = parseTiledMap(*bytes, path, readFile);
    if (!tiled) return Error{tiled.error()};
    return std::move(tiled->costMap);
  }
  auto map = decodeMap(*bytes);
  if (!map) return Error{"map '" + path + "': " + map.error()};
  return map;
}

}  // namespace tactics
