// Reading input files (core/file_io.h): every way a read can fail is a reason, never an exception.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include "tactics/io/file_io.h"
#include "temp_paths.h"

using namespace tactics;

TEST_CASE("readFileBytes reads a whole file, or says in a few words why not", "[core][file_io]") {
  const std::filesystem::path dir = tactics::testing::uniqueTempPath("tactics_file_io");
  std::filesystem::create_directories(dir);
  const std::string file = (dir / "five.bin").string();
  std::ofstream(file, std::ios::binary) << std::string("ab\0cd", 5);

  const auto bytes = readFileBytes(file);
  REQUIRE(bytes);
  CHECK(*bytes == std::vector<std::uint8_t>{'a', 'b', 0, 'c', 'd'});
  CHECK(readFileBytes(file, 5));

  const auto cases = {
      std::pair{readFileBytes(file, 4), std::string("larger than 4 bytes")},
      std::pair{readFileBytes((dir / "missing.bin").string()), std::string("no such file")},
      std::pair{readFileBytes(dir.string()), std::string("not a regular file")},
      std::pair{readFileBytes((dir / "five.bin" / "x").string()), std::string("no such file")},
      std::pair{readFileBytes((dir / std::string(300, 'a')).string()), std::string("File name too long")},
      // The name must not end early at a NUL (a JSON "\u0000" in a scenario's map path).
      std::pair{readFileBytes(file + std::string("\0x", 2)), std::string("the name holds a NUL character")},
      // Linux's view of a process's own memory is a regular file whose first read fails.
      std::pair{readFileBytes("/proc/self/mem"), std::string("Input/output error")},
  };
  for (const auto& [result, why] : cases) {
    REQUIRE_FALSE(result);
    CHECK(result.error() == why);
  }
  std::filesystem::remove_all(dir);
}
