// The fuzz targets without libFuzzer: feeds every file of the corpus folders (or files) named on
// the command line to LLVMFuzzerTestOneInput once, so the normal build replays the committed
// corpus as a test. A crash, a sanitizer report or an uncaught exception fails it.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

std::vector<std::filesystem::path> inputsOf(const std::filesystem::path& where) {
  std::vector<std::filesystem::path> files;
  if (std::filesystem::is_directory(where)) {
    for (const auto& entry : std::filesystem::directory_iterator(where)) {
      if (entry.is_regular_file()) files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
  } else {
    files.push_back(where);
  }
  return files;
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t replayed = 0;
  for (int i = 1; i < argc; ++i) {
    const std::filesystem::path where(argv[i]);
    if (!std::filesystem::exists(where)) {
      std::cerr << "error: no corpus at '" << where.string() << "'\n";
      return 2;
    }
    for (const auto& file : inputsOf(where)) {
      std::ifstream in(file, std::ios::binary);
      const std::vector<char> bytes((std::istreambuf_iterator<char>(in)),
                                    std::istreambuf_iterator<char>());
      // A copy of exactly `size` bytes, so ASan sees a read past the end of the input.
      const std::vector<std::uint8_t> input(bytes.begin(), bytes.end());
      LLVMFuzzerTestOneInput(input.data(), input.size());
      ++replayed;
    }
  }
  if (replayed == 0) {
    std::cerr << "error: the corpus is empty\n";
    return 2;
  }
  std::cout << "replayed " << replayed << " inputs\n";
  return 0;
}
