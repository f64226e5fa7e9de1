// parseFlags: the command line read by CLI11, one CLI::Option per flag, and what CLI11 read
// checked against SPEC §5 and put in its words.

#include <CLI/CLI.hpp>

#include <map>
#include <utility>

#include "cmdline/command_line.h"

namespace tactics {

namespace {

// CLI11 and SPEC §5 agree on what a flag is, on `--flag=value` and on a list running to the next
// flag; they part on three things, settled by how each word is handed to CLI11:
// - CLI11 reads "-h" or "-x" as a short option and "--" as the end of the options; §5 has neither:
//   a word that does not start with "--" is a value wherever a value may stand. Such a word goes
//   to CLI11 behind kWordMark, which starts no option, so CLI11 takes it as a value where one may
//   stand and leaves it over (an unknown argument) where none may.
// - CLI11 reads `--flag=` as `--flag` with its value still to come, and takes `--zoc=yes` as a
//   switch's value; §5 reads the first as the empty value and refuses the second. What follows
//   '=' goes to CLI11 behind kGluedMark: never empty, and told apart from a word of its own.
// - A word that starts with "--" but that CLI11 cannot read as an option (split_long: "--",
//   "---x") it takes as a value; §5 never does. It goes to CLI11 as "--" + kOddMark + the rest: a
//   flag that no command has.
// The empty word is a value only right after a flag that takes it (ValueOrEmpty); anywhere else
// it goes as an odd word too.
constexpr char kWordMark = '\x01';
constexpr char kGluedMark = '\x02';
constexpr char kOddMark = '\x03';

// Longer lists than this many words per flag are cut there by CLI11 (the rest are unknown): far
// beyond any map, and under the size past which CLI11 reads a list as one value per flag.
constexpr int kMostListWords = 1 << 24;

bool startsWith(const std::string& text, std::string_view prefix) {
  return text.compare(0, prefix.size(), prefix) == 0;
}

// The words as CLI11 is to read them, and the word each of them was.
struct Cli11Words {
  std::vector<std::string> words;
  std::map<std::string, std::string> originals;
};

Cli11Words cli11Words(const std::vector<std::string>& args, const std::vector<FlagSpec>& specs) {
  const auto takesEmpty = [&](const std::string& flag) {
    return std::any_of(specs.begin(), specs.end(), [&](const FlagSpec& s) {
      return s.takes == Takes::ValueOrEmpty && s.name == flag;
    });
  };
  Cli11Words out;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& word = args[i];
    std::string name;
    std::string value;
    std::string spelled;
    if (startsWith(word, "--") && !CLI::detail::split_long(word, name, value)) {
      spelled = std::string("--") + kOddMark + word.substr(2);
    } else if (startsWith(word, "--")) {
      const auto equals = word.find('=');
      spelled = equals == std::string::npos
                    ? word
                    : word.substr(0, equals + 1) + kGluedMark + word.substr(equals + 1);
    } else if (word.empty() && !(i > 0 && takesEmpty(args[i - 1]))) {
      spelled = std::string("--") + kOddMark;
    } else {
      spelled = kWordMark + word;
    }
    out.originals.emplace(spelled, word);
    out.words.push_back(std::move(spelled));
  }
  return out;
}

CLI::Option* addOption(CLI::App& app, const FlagSpec& spec) {
  const std::string name(spec.name);
  const auto takeAll = CLI::MultiOptionPolicy::TakeAll;
  switch (spec.takes) {
    case Takes::Nothing:
      return app.add_flag(name)->multi_option_policy(CLI::MultiOptionPolicy::Throw);
    case Takes::Value:
    case Takes::ValueOrEmpty: return app.add_option(name)->expected(0, 1);
    case Takes::EachTime: return app.add_option(name)->expected(0, 1)->multi_option_policy(takeAll);
    case Takes::List:
      return app.add_option(name)->expected(0, kMostListWords)->multi_option_policy(takeAll);
    case Takes::Word: break;
  }
  // A name without dashes: CLI11's positional, which a word that starts with '-' never fills
  // (App::validate_positionals): "-h" stays help, "-x" an unknown argument.
  const CLI::Validator noDash(
      [](std::string& word) { return word.size() > 1 && word[1] == '-' ? "a flag" : ""; }, "WORD");
  return app.add_option(name)->expected(1)->check(noDash);
}

std::string unknownArgument(const std::string& word, const std::vector<FlagSpec>& specs,
                            std::string_view command) {
  std::string known;
  for (const FlagSpec& s : specs) {
    if (s.takes != Takes::Word) known += (known.empty() ? "" : ", ") + std::string(s.name);
  }
  return "unknown argument '" + word + "' for `" + std::string(command) + "`; expected " + known +
         " (or --help)";
}

// What is wrong with the `nth` (1, 2, ...) thing CLI11 read for `spec`, `read` (a value behind
// its mark, "true" for a switch given bare, "" for a flag left without a value).
std::optional<std::string> problemWith(const FlagSpec& spec, const std::string& read,
                                       std::size_t nth) {
  const std::string name(spec.name);
  const bool once = spec.takes != Takes::EachTime && spec.takes != Takes::List;
  if (once && nth > 1) return name + " is given twice; give it once";
  if (spec.takes == Takes::Nothing) {
    if (!read.empty() && read.front() == kGluedMark) return name + " takes no value";
    return std::nullopt;
  }
  const bool noValue = read.size() <= 1 && !(read.size() == 1 && spec.takes == Takes::ValueOrEmpty);
  if (noValue) return name + " is missing its value; expected " + std::string(spec.valueHint);
  return std::nullopt;
}

}  // namespace

Expected<std::vector<FlagValue>> parseFlags(const std::vector<std::string>& args,
                                            const std::vector<FlagSpec>& specs,
                                            std::string_view command) {
  CLI::App app("", std::string(command));
  app.set_help_flag();  // --help and -h are read below, from the words no flag took
  app.allow_extras();
  app.validate_positionals();
  std::map<const CLI::Option*, const FlagSpec*> specOf;
  for (const FlagSpec& spec : specs) specOf[addOption(app, spec)] = &spec;
  Cli11Words words = cli11Words(args, specs);
  std::vector<std::string> reversed(words.words.rbegin(), words.words.rend());
  std::optional<std::string> refused;
  try {
    app.parse(reversed);
  } catch (const CLI::ParseError& e) {
    // A flag given twice (MultiOptionPolicy::Throw), found once every word is read. What CLI11
    // read is checked below, in the order given, and says it in §5's words; CLI11's own are the
    // last resort, should it refuse something those checks do not name.
    refused = e.what();
  }

  // A flag read wrong (no value, a switch's value, given twice) is named before a word no flag
  // took, and --help counts only when nothing is wrong.
  std::vector<FlagValue> values;
  std::map<const CLI::Option*, std::size_t> taken;
  for (const CLI::Option* option : app.parse_order()) {
    const FlagSpec& spec = *specOf.at(option);
    const std::string& read = option->results().at(taken[option]++);
    if (auto problem = problemWith(spec, read, taken[option])) return Error{*problem};
    values.push_back({std::string(spec.name), spec.takes == Takes::Nothing ? "" : read.substr(1)});
  }
  bool help = false;
  for (const std::string& left : app.remaining()) {
    const std::string& word = words.originals.at(left);
    if (word != "--help" && word != "-h") return Error{unknownArgument(word, specs, command)};
    help = true;
  }
  if (refused) return Error{*refused};
  if (help) values.push_back({"--help", ""});
  return values;
}

}  // namespace tactics
