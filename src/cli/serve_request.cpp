#include "cli/serve_request.h"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <stdexcept>
#include <utility>

namespace tactics::cli {

namespace {

using Json = nlohmann::json;

// A request is a flat object; the deepest value a key takes is attack's [[1, 2], 4] inside the
// request: anything deeper is refused while parsing, before it is built.
constexpr int kMaxDepth = 8;

struct TooDeep : std::runtime_error {
  TooDeep() : std::runtime_error("too deep") {}
};
// A "\u0000" in a string: no path or name holds one, and a C string would end there.
struct HoldsNul : std::runtime_error {
  HoldsNul() : std::runtime_error("NUL") {}
};

// A request's key: a flag of the command an op runs, without "--" and with '-' written '_'.
struct Key {
  std::string name;  // "ignore_units"
  std::string flag;  // "--ignore-units"
  RequestValue value;
  bool list;  // --cursor X,Y X,Y ...: the flag once, then the cells
};

// SPEC §12: every flag of the ops' commands that a request may give, read from their definitions.
const std::vector<Key>& keys() {
  static const std::vector<Key> all = [] {
    std::vector<Key> found;
    for (const ServeOp& op : kServeOps) {
      for (const CommandFlag& flag : op.flags()) {
        std::string name(flag.spec.name.substr(2));
        std::replace(name.begin(), name.end(), '-', '_');
        const bool known =
            std::any_of(found.begin(), found.end(), [&](const Key& k) { return k.name == name; });
        if (flag.request == RequestValue::None || known) continue;
        found.push_back(
            {name, std::string(flag.spec.name), flag.request, flag.spec.takes == Takes::List});
      }
    }
    return found;
  }();
  return all;
}

std::string keyList() {
  std::string list = "id, op";
  for (const std::string& name : requestKeys()) list += ", " + name;
  return list;
}

std::string inQuotes(std::string_view key) {
  return "\"" + std::string(key) + "\"";
}

// What a JSON value is, for "... is a string; expected ...".
std::string kindOf(const Json& value) {
  switch (value.type()) {
    case Json::value_t::null: return "null";
    case Json::value_t::boolean: return "a boolean";
    case Json::value_t::string: return "a string";
    case Json::value_t::array: return "an array";
    case Json::value_t::object: return "an object";
    case Json::value_t::number_float: return "a fraction";
    default: return "a number";
  }
}

bool isWhole(const Json& value) {
  return value.is_number_integer();
}

std::string wholeText(const Json& value) {
  return value.is_number_unsigned() ? std::to_string(value.get<std::uint64_t>())
                                    : std::to_string(value.get<std::int64_t>());
}

bool isCell(const Json& value) {
  return value.is_array() && value.size() == 2 && isWhole(value[0]) && isWhole(value[1]);
}

std::string cellText(const Json& cell) {
  return wholeText(cell[0]) + "," + wholeText(cell[1]);
}

std::string wrongType(std::string_view key, const Json& value, std::string_view expected) {
  return inQuotes(key) + " is " + kindOf(value) + "; expected " + std::string(expected);
}

// The inline map: exactly W*H greys 0..255, each side 1..4096 (SPEC §12).
std::optional<std::string> readInlineMap(const Json& value, std::optional<CostMap>& out) {
  const std::string shape = "{\"width\": W, \"height\": H, \"grey\": [W*H whole numbers 0..255]}";
  for (const auto& [key, item] : value.items()) {
    if (key != "width" && key != "height" && key != "grey") {
      return "the inline \"map\" has an unknown key " + inQuotes(key) + "; expected " + shape;
    }
  }
  int side[2] = {0, 0};
  const char* names[2] = {"width", "height"};
  for (int i = 0; i < 2; ++i) {
    const auto found = value.find(names[i]);
    if (found == value.end())
      return "the inline \"map\" has no \"" + std::string(names[i]) + "\"; expected " + shape;
    if (!isWhole(*found) || *found < 1 || *found > kMaxMapSide) {
      return "the inline \"map\"'s \"" + std::string(names[i]) + "\" must be a whole number 1.." +
             std::to_string(kMaxMapSide);
    }
    side[i] = found->get<int>();
  }
  const auto grey = value.find("grey");
  if (grey == value.end()) return "the inline \"map\" has no \"grey\"; expected " + shape;
  const std::size_t cells = std::size_t(side[0]) * std::size_t(side[1]);
  if (!grey->is_array() || grey->size() != cells) {
    return "the inline \"map\"'s \"grey\" must be an array of exactly " + std::to_string(cells) +
           " (" + std::to_string(side[0]) + "x" + std::to_string(side[1]) +
           ") whole numbers 0..255, row by row from the top; it is " +
           (grey->is_array() ? "an array of " + std::to_string(grey->size()) : kindOf(*grey));
  }
  std::vector<std::uint8_t> greys(cells);
  for (std::size_t i = 0; i < cells; ++i) {
    const Json& g = (*grey)[i];
    if (!isWhole(g) || g < 0 || g > 255) {
      return "the inline \"map\"'s \"grey\"[" + std::to_string(i) + "] (cell " +
             std::to_string(i % std::size_t(side[0])) + "," +
             std::to_string(i / std::size_t(side[0])) + ") is not a whole number 0..255";
    }
    greys[i] = static_cast<std::uint8_t>(g.get<int>());
  }
  out.emplace(side[0], side[1], std::move(greys));
  return std::nullopt;
}

// The flag arguments of one key's value, or the problem with its type. Each is a
// `--flag=value` word: a value that starts with '-' stays a value.
using Words = std::vector<std::string>;
using Problem = std::optional<std::string>;

Problem textWords(const Key& key, const Json& value, Words& words) {
  if (!value.is_string()) return wrongType(key.name, value, "a string");
  words.push_back(key.flag + "=" + value.get<std::string>());
  return std::nullopt;
}

Problem wholeWords(const Key& key, const Json& value, Words& words) {
  if (!isWhole(value)) return wrongType(key.name, value, "a whole number");
  words.push_back(key.flag + "=" + wholeText(value));
  return std::nullopt;
}

Problem cellWords(const Key& key, const Json& value, Words& words) {
  if (!isCell(value)) return wrongType(key.name, value, "a cell [X, Y] of two whole numbers");
  words.push_back(key.flag + "=" + cellText(value));
  return std::nullopt;
}

// A cell or a list of cells: the flag once per cell, or for a list flag (--cursor) once and then
// the cells.
Problem cellsWords(const Key& key, const Json& value, Words& words) {
  const std::string expected = "a cell [X, Y] or a list of cells [[X, Y], ...]";
  if (!value.is_array()) return wrongType(key.name, value, expected);
  Words cells;
  if (isCell(value)) {
    cells.push_back(cellText(value));
  } else {
    for (const Json& cell : value) {
      if (!isCell(cell)) {
        return inQuotes(key.name) + " holds " + kindOf(cell) +
               " that is not a cell [X, Y]; expected " + expected;
      }
      cells.push_back(cellText(cell));
    }
  }
  if (cells.empty()) return inQuotes(key.name) + " is an empty list; expected " + expected;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    words.push_back(key.list && i > 0 ? cells[i] : key.flag + "=" + cells[i]);
  }
  return std::nullopt;
}

Problem switchWords(const Key& key, const Json& value, Words& words) {
  if (!value.is_boolean()) return wrongType(key.name, value, "true or false");
  if (value.get<bool>()) words.push_back(key.flag);
  return std::nullopt;
}

// N, "MIN-MAX", or a list of N, "MIN-MAX" and [MIN, MAX]: one --attack text.
Problem attackWords(const Key& key, const Json& value, Words& words) {
  const std::string expected = "N, \"MIN-MAX\" or a list of N, \"MIN-MAX\" and [MIN, MAX]";
  if (isWhole(value) || value.is_string()) {
    words.push_back(key.flag + "=" +
                    (value.is_string() ? value.get<std::string>() : wholeText(value)));
    return std::nullopt;
  }
  if (!value.is_array()) return wrongType(key.name, value, expected);
  std::string text;
  for (const Json& range : value) {
    std::string part;
    if (isWhole(range)) {
      part = wholeText(range);
    } else if (range.is_string()) {
      part = range.get<std::string>();
    } else if (isCell(range)) {  // [MIN, MAX]
      part = wholeText(range[0]) + "-" + wholeText(range[1]);
    } else {
      return inQuotes(key.name) + " holds " + kindOf(range) + " that is not a range; expected " +
             expected;
    }
    text += (text.empty() ? "" : ",") + part;
  }
  words.push_back(key.flag + "=" + text);
  return std::nullopt;
}

// A list of names, or of costs 1..15 and "x": one comma-separated text.
Problem listWords(const Key& key, const Json& value, Words& words) {
  const bool costs = key.value == RequestValue::Costs;
  const std::string expected = costs ? "a list of costs, each 1..15 or \"x\""
                               : key.value == RequestValue::Names ? "a list of terrain names"
                                                                  : "a list of skill names";
  if (!value.is_array()) return wrongType(key.name, value, expected);
  std::string text;
  for (const Json& item : value) {
    if (!(item.is_string() || (costs && isWhole(item)))) {
      return inQuotes(key.name) + " holds " + kindOf(item) + "; expected " + expected;
    }
    text +=
        (text.empty() ? "" : ",") + (item.is_string() ? item.get<std::string>() : wholeText(item));
  }
  words.push_back(key.flag + "=" + text);
  return std::nullopt;
}

// A path, or the map itself: the request then carries it, and the flag names kInlineMapPath.
Problem mapWords(const Key& key, const Json& value, ServeRequest& request) {
  if (value.is_string()) {
    request.args.push_back(key.flag + "=" + value.get<std::string>());
    return std::nullopt;
  }
  if (!value.is_object()) {
    return wrongType(key.name, value,
                     "a file path or an inline map {\"width\", \"height\", \"grey\"}");
  }
  if (auto problem = readInlineMap(value, request.inlineMap)) return problem;
  request.args.push_back(key.flag + "=" + kInlineMapPath);
  return std::nullopt;
}

// One key's flag arguments, appended to the request's; the problem, if its value has the wrong
// type.
Problem addFlags(const Key& key, const Json& value, ServeRequest& request) {
  Words& words = request.args;
  switch (key.value) {
    case RequestValue::Text: return textWords(key, value, words);
    case RequestValue::Whole: return wholeWords(key, value, words);
    case RequestValue::Cell: return cellWords(key, value, words);
    case RequestValue::Cells: return cellsWords(key, value, words);
    case RequestValue::Switch: return switchWords(key, value, words);
    case RequestValue::Attack: return attackWords(key, value, words);
    case RequestValue::Costs:
    case RequestValue::Skills:
    case RequestValue::Names: return listWords(key, value, words);
    case RequestValue::Map: return mapWords(key, value, request);
    case RequestValue::None: break;
  }
  return std::nullopt;
}

ServeRequest bad(ServeRequest request, std::string error) {
  request.error = std::move(error);
  request.args.clear();
  request.inlineMap.reset();
  return request;
}

// The line as JSON, or why it is refused before its id is known.
std::optional<std::string> parseLine(std::string_view line, Json& root) {
  if (line.size() > kMaxRequestBytes) return "the request line is over 64 MiB";
  if (line.find('\0') != std::string_view::npos) return "the request line holds a NUL byte";
  try {
    root = Json::parse(
        line.begin(), line.end(), [](int depth, Json::parse_event_t event, Json& parsed) {
          if (depth > kMaxDepth) throw TooDeep();
          const bool text = event == Json::parse_event_t::key ||
                            (event == Json::parse_event_t::value && parsed.is_string());
          if (text && parsed.get_ref<const std::string&>().find('\0') != std::string::npos) {
            throw HoldsNul();
          }
          return true;
        });
  } catch (const HoldsNul&) {
    return "the request holds a NUL character (\\u0000) in a string";
  } catch (const TooDeep&) {
    return "the request nests deeper than " + std::to_string(kMaxDepth) +
           " levels; a request is one flat JSON object";
  } catch (const Json::exception& e) {
    // "[json.exception.parse_error.101] parse error at line 1, column 3: ..." without its tag.
    std::string what = e.what();
    const auto tag = what.find("] ");
    if (tag != std::string::npos) what.erase(0, tag + 2);
    return "the request is not JSON: " + what;
  }
  if (!root.is_object()) {
    return "the request is " + kindOf(root) +
           "; expected one JSON object per line, {\"id\": ID, \"op\": \"solve\", ...}";
  }
  return std::nullopt;
}

// "solve, danger, route or field"
std::string opList() {
  std::string list;
  for (std::size_t i = 0; i < std::size(kServeOps); ++i) {
    list += std::string(i == 0                          ? ""
                        : i + 1 == std::size(kServeOps) ? " or "
                                                        : ", ") +
            std::string(kServeOps[i].name);
  }
  return list;
}

// The request's id, then its op; or why either is refused (with the id once it is known).
std::optional<std::string> readIdAndOp(const Json& root, ServeRequest& request) {
  const auto id = root.find("id");
  if (id == root.end()) return "the request has no \"id\"; give a number or a string";
  if (!id->is_number() && !id->is_string()) {
    return "the request's \"id\" is " + kindOf(*id) + "; expected a number or a string";
  }
  request.id = *id;
  const auto op = root.find("op");
  if (op == root.end()) return "the request has no \"op\"; expected " + opList();
  if (!op->is_string()) return wrongType("op", *op, opList());
  request.op = op->get<std::string>();
  const bool known = std::any_of(std::begin(kServeOps), std::end(kServeOps),
                                 [&](const ServeOp& o) { return o.name == request.op; });
  if (!known) return "\"op\" '" + request.op + "' is not one of " + opList();
  return std::nullopt;
}

}  // namespace

std::vector<std::string> requestKeys() {
  std::vector<std::string> names;
  for (const Key& key : keys()) names.push_back(key.name);
  return names;
}

ServeRequest readServeRequest(std::string_view line) {
  ServeRequest request;  // id null until the line gives a usable one
  Json root;
  if (auto problem = parseLine(line, root)) return bad(std::move(request), *problem);
  if (auto problem = readIdAndOp(root, request)) return bad(std::move(request), *problem);
  for (const auto& [name, value] : root.items()) {
    if (name == "id" || name == "op") continue;
    const auto key = std::find_if(keys().begin(), keys().end(),
                                  [&name = name](const Key& k) { return k.name == name; });
    if (key == keys().end()) {
      return bad(std::move(request),
                 "unknown key " + inQuotes(name) + "; a request has " + keyList());
    }
    if (auto problem = addFlags(*key, value, request)) return bad(std::move(request), *problem);
  }
  return request;
}

}  // namespace tactics::cli
