// tactics-bench: the bench (`tactics-grid bench` runs this executable with its arguments). Apart
// from tactics-grid because its libtcod peer links SDL2 and audio libraries that no other command
// needs (issue 36 item 4).

#include <iostream>
#include <string>
#include <vector>

#include "cli/bench_command.h"

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  return tactics::cli::runBench(args, std::cout, std::cerr);
}
