#include <catch2/catch.hpp>

#include "cmdline/command_line.h"

using namespace tactics;

namespace {

const std::vector<FlagSpec> kSpecs = {
    {"--move", "0..255"},
    {"--enemy", "X,Y", Takes::EachTime},
    {"--cursor", "X,Y [X,Y]...", Takes::List},
    {"--end-turn", "", Takes::Nothing},
    {"--skills", "NAMES", Takes::ValueOrEmpty},
};

std::vector<std::pair<std::string, std::string>> pairs(const std::vector<std::string>& args) {
  const auto flags = parseFlags(args, kSpecs, "test");
  REQUIRE(flags);
  std::vector<std::pair<std::string, std::string>> out;
  for (const FlagValue& f : *flags) out.emplace_back(f.flag, f.value);
  return out;
}

std::string refusal(const std::vector<std::string>& args) {
  const auto flags = parseFlags(args, kSpecs, "test");
  REQUIRE_FALSE(flags);
  return flags.error();
}

}  // namespace

TEST_CASE("flags take their value as the next argument or after '='", "[core][cmdline]") {
  using P = std::pair<std::string, std::string>;
  CHECK(pairs({"--move", "5"}) == std::vector<P>{{"--move", "5"}});
  CHECK(pairs({"--move=5"}) == std::vector<P>{{"--move", "5"}});
  CHECK(pairs({"--enemy=1,2", "--enemy", "3,4"}) ==
        std::vector<P>{{"--enemy", "1,2"}, {"--enemy", "3,4"}});
  // After '=' anything is the value, even text that looks like a flag.
  CHECK(pairs({"--move=--x"}) == std::vector<P>{{"--move", "--x"}});
  CHECK(pairs({"--move", "-"}) == std::vector<P>{{"--move", "-"}});
  // A switch takes no value: what follows is the next flag.
  CHECK(pairs({"--end-turn", "--move", "2"}) == std::vector<P>{{"--end-turn", ""}, {"--move", "2"}});
}

TEST_CASE("a list flag takes every argument up to the next flag", "[core][cmdline]") {
  using P = std::pair<std::string, std::string>;
  CHECK(pairs({"--cursor", "1,2", "3,4", "5,6", "--move", "2"}) ==
        std::vector<P>{{"--cursor", "1,2"}, {"--cursor", "3,4"}, {"--cursor", "5,6"},
                       {"--move", "2"}});
  CHECK(pairs({"--cursor=1,2", "3,4"}) == std::vector<P>{{"--cursor", "1,2"}, {"--cursor", "3,4"}});
  CHECK(refusal({"--cursor", "--move", "2"}).find("--cursor is missing its value") == 0);
}

TEST_CASE("a flag that allows an empty value takes \"\" and '--flag='", "[core][cmdline]") {
  using P = std::pair<std::string, std::string>;
  CHECK(pairs({"--skills", "", "--move", "2"}) == std::vector<P>{{"--skills", ""}, {"--move", "2"}});
  CHECK(pairs({"--skills="}) == std::vector<P>{{"--skills", ""}});
  CHECK(pairs({"--skills", "pass"}) == std::vector<P>{{"--skills", "pass"}});
  // Still a value is needed: the next flag is not one.
  CHECK(refusal({"--skills", "--move", "2"}).find("--skills is missing its value") == 0);
  CHECK(refusal({"--skills"}).find("--skills is missing its value") == 0);
  // Other flags still refuse an empty value.
  CHECK(refusal({"--move", ""}).find("--move is missing its value") == 0);
}

TEST_CASE("bad flag lines are refused with the reason", "[core][cmdline]") {
  CHECK(refusal({"--move"}) == "--move is missing its value; expected 0..255");
  CHECK(refusal({"--move="}) == "--move is missing its value; expected 0..255");
  CHECK(refusal({"--move", "1", "--move=2"}) == "--move is given twice; give it once");
  CHECK(refusal({"--mvoe=3"}).find("unknown argument '--mvoe=3'") == 0);
  CHECK(refusal({"5"}).find("unknown argument '5'") == 0);
  CHECK(refusal({"--end-turn=yes"}) == "--end-turn takes no value");
  const auto help = parseFlags({"--help"}, kSpecs, "test");
  REQUIRE(help);
  CHECK(asksForHelp(*help));
}

TEST_CASE("an error line escapes control characters and keeps a long message's two ends",
          "[core][cmdline]") {
  CHECK(errorLine("a\nb\tc\x01") == "error: a\\nb\\tc\\x01\n");
  const std::string fits(520, 'x');
  CHECK(errorLine(fits) == "error: " + fits + "\n");
  // A 10 MB value echoed by a parser: its first and last 240 bytes stay, with what comes after.
  const std::string echoed = "--move '" + std::string(10000000, '9') + "' is out of range 0..255";
  const std::string line = errorLine(echoed);
  CHECK(line.size() < 600);
  CHECK(line.rfind("error: --move '999", 0) == 0);
  CHECK(line.find(" bytes left out ...] ") != std::string::npos);
  CHECK(line.substr(line.size() - 25) == "' is out of range 0..255\n");
  // Cuts fall between UTF-8 characters, never inside one: both é's straddle a cut and go.
  const std::string wide = std::string(239, 'a') + "\xC3\xA9" + std::string(600, 'b') + "\xC3\xA9" +
                           std::string(239, 'c');
  const std::string cut = errorLine(wide);
  CHECK(cut.find("a [... ") != std::string::npos);
  CHECK(cut.find("...] ccc") != std::string::npos);
  CHECK(cut.find('\xC3') == std::string::npos);
  CHECK(cut.find('\xA9') == std::string::npos);
}
