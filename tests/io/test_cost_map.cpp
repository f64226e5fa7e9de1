#include <catch2/catch.hpp>

#include <stb_image_write.h>

#include "tactics/solver/cost_map.h"
#include "tactics/io/map_image.h"

using namespace tactics;

namespace {

std::vector<std::uint8_t> png(int width, int height, int channels, const std::vector<std::uint8_t>& pixels) {
  std::vector<std::uint8_t> bytes;
  stbi_write_png_to_func(
      [](void* context, void* data, int size) {
        auto* out = static_cast<std::vector<std::uint8_t>*>(context);
        out->insert(out->end(), static_cast<std::uint8_t*>(data), static_cast<std::uint8_t*>(data) + size);
      },
      &bytes, width, height, channels, pixels.data(), width * channels);
  return bytes;
}

}  // namespace

TEST_CASE("a grey PNG decodes to one cell per pixel, row 0 at the top", "[core][map]") {
  const auto map = decodeMap(png(3, 2, 1, {0, 76, 127, 178, 255, 51}));
  REQUIRE(map);
  CHECK(map->width() == 3);
  CHECK(map->height() == 2);
  CHECK(map->grey({1, 0}) == 76);
  CHECK(map->terrain({0, 1}) == 3);
  CHECK(map->terrain({1, 1}) == 4);
  CHECK(map->terrain({2, 1}) == 1);
}

TEST_CASE("colour images are converted to luminance", "[core][map]") {
  const auto map = decodeMap(png(2, 1, 3, {255, 255, 255, 0, 0, 0}));
  REQUIRE(map);
  CHECK(map->terrain({0, 0}) == 4);
  CHECK(map->terrain({1, 0}) == 0);
}

TEST_CASE("alpha is ignored: a transparent pixel keeps its colour's terrain", "[core][map]") {
  // Grey+alpha and RGBA: white fully transparent is still a wall, black half transparent plains.
  const auto greyAlpha = decodeMap(png(2, 1, 2, {255, 0, 0, 128}));
  REQUIRE(greyAlpha);
  CHECK(greyAlpha->grey({0, 0}) == 255);
  CHECK(greyAlpha->grey({1, 0}) == 0);
  const auto rgba = decodeMap(png(2, 1, 4, {255, 255, 255, 0, 127, 127, 127, 255}));
  REQUIRE(rgba);
  CHECK(rgba->terrain({0, 0}) == 4);
  CHECK(rgba->grey({1, 0}) == 127);
}

TEST_CASE("bad map bytes give one clear error", "[core][map]") {
  CHECK(decodeMap({}).error().find("empty") != std::string::npos);
  const std::vector<std::uint8_t> text = {'h', 'e', 'l', 'l', 'o'};
  CHECK(decodeMap(text).error().find("not a readable image") != std::string::npos);

  auto truncated = png(16, 16, 1, std::vector<std::uint8_t>(256, 7));
  truncated.resize(truncated.size() / 2);
  CHECK_FALSE(decodeMap(truncated));

  const auto wide = decodeMap(png(4097, 1, 1, std::vector<std::uint8_t>(4097, 0)));
  REQUIRE_FALSE(wide);
  CHECK(wide.error().find("4097x1") != std::string::npos);
  CHECK_FALSE(decodeMap(png(1, 4097, 1, std::vector<std::uint8_t>(4097, 0))));
  CHECK(decodeMap(png(4096, 1, 1, std::vector<std::uint8_t>(4096, 0))));
}

TEST_CASE("a PNG's size problems and truncation are named, never an empty reason", "[core][map]") {
  // A header claiming width x height (stb_image says only "unknown image type" for these).
  const auto claiming = [](std::uint32_t width, std::uint32_t height) {
    std::vector<std::uint8_t> bytes = png(1, 1, 1, {0});
    for (int i = 0; i < 4; ++i) {
      bytes[static_cast<std::size_t>(16 + i)] = static_cast<std::uint8_t>(width >> (24 - 8 * i));
      bytes[static_cast<std::size_t>(20 + i)] = static_cast<std::uint8_t>(height >> (24 - 8 * i));
    }
    return decodeMap(bytes);
  };
  CHECK(claiming(100000, 100000).error() ==
        "the image is 100000x100000; maps must be 1..4096 cells wide and tall");
  CHECK(claiming(0, 0).error() == "the image is 0x0; maps must be 1..4096 cells wide and tall");
  const std::vector<std::uint8_t> good = png(4, 4, 1, std::vector<std::uint8_t>(16, 9));
  CHECK(decodeMap({good.begin(), good.begin() + 20}).error() ==
        "the PNG ends or is corrupt before its size (the IHDR chunk)");
  // Cut anywhere before the image data ends (stb_image does without the closing IEND chunk).
  for (std::size_t length = 24; length < good.size() - 12; ++length) {
    const auto cut = decodeMap({good.begin(), good.begin() + static_cast<std::ptrdiff_t>(length)});
    INFO("first " << length << " bytes: " << (cut ? "decoded" : cut.error()));
    REQUIRE_FALSE(cut);
    CHECK(cut.error().find("()") == std::string::npos);
  }
}

// fuzz_map found this: stb_image overflows an int reading PNM header numbers this long.
TEST_CASE("a PGM or PPM header number above 65535 is refused before stb_image reads it",
          "[core][map]") {
  const auto bytesOf = [](const std::string& text) {
    return std::vector<std::uint8_t>(text.begin(), text.end());
  };
  const auto wide = decodeMap(bytesOf("P5\n" + std::string(40, '9') + " 1\n255\n\x10"));
  REQUIRE_FALSE(wide);
  CHECK(wide.error().find("width is above 65535") != std::string::npos);
  const auto deep = decodeMap(bytesOf("P6 # a comment\n1 1\n99999999999\nabc"));
  REQUIRE_FALSE(deep);
  CHECK(deep.error().find("maximum value is above 65535") != std::string::npos);
  // A good header still decodes: 2x1 grey, maximum 255.
  auto goodBytes = bytesOf("P5\n# made by hand\n2 1\n255\n");
  goodBytes.insert(goodBytes.end(), {0, 255});
  const auto good = decodeMap(goodBytes);
  REQUIRE(good);
  CHECK(good->terrain({1, 0}) == 4);
}

// fuzz_map found this: stb_image reads past its buffer converting a 16-bit colour PPM to grey.
TEST_CASE("a 16-bit colour PPM is refused before stb_image reads it", "[core][map]") {
  const std::string header = "P6\n4 3\n564\n";
  std::vector<std::uint8_t> bytes(header.begin(), header.end());
  bytes.resize(bytes.size() + 4 * 3 * 3 * 2, 0x7f);  // every sample, two bytes each
  const auto map = decodeMap(bytes);
  REQUIRE_FALSE(map);
  CHECK(map.error().find("16-bit colour PPM") != std::string::npos);
  // 8-bit colour and 16-bit grey still decode.
  const std::string colour = "P6\n1 1\n255\n";
  std::vector<std::uint8_t> eight(colour.begin(), colour.end());
  eight.insert(eight.end(), {255, 255, 255});
  CHECK(decodeMap(eight));
  const std::string grey = "P5\n1 1\n65535\n";
  std::vector<std::uint8_t> sixteen(grey.begin(), grey.end());
  sixteen.insert(sixteen.end(), {255, 255});
  REQUIRE(decodeMap(sixteen));
  CHECK(decodeMap(sixteen)->terrain({0, 0}) == 4);
}

TEST_CASE("loadMap names the file it cannot read", "[core][map]") {
  const auto missing = loadMap("/nonexistent/map.png");
  REQUIRE_FALSE(missing);
  CHECK(missing.error().find("/nonexistent/map.png") != std::string::npos);
}

TEST_CASE("movement classes parse five costs 1..15 or x", "[core][parse]") {
  const auto foot = parseMovementClass("1,2,4,8,x", "--costs");
  REQUIRE(foot);
  CHECK(*foot == MovementClass());
  CHECK(foot->toString() == "1,2,4,8,x");
  CHECK(parseMovementClass("15,x,x,x,1", "--costs")->cost(4) == 1);
  for (const char* bad : {"1,2,4,8", "1,2,4,8,x,1", "0,2,4,8,x", "16,2,4,8,x", "1,2,,8,x",
                          "1,2,4,8,X", "", "1,2,4,8,x,", "-1,2,4,8,x", "1.5,2,4,8,x"}) {
    INFO(bad);
    const auto m = parseMovementClass(bad, "--costs");
    REQUIRE_FALSE(m);
    CHECK(m.error().find("--costs") == 0);
    CHECK(m.error().find("1..15 or x") != std::string::npos);
  }
}
