#include "cli/serve_request.h"

#include <algorithm>
#include <array>
#include <cstdint>
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

// How a key's value becomes flag arguments.
enum class Shape {
  Text,    // a string: --key=VALUE
  Whole,   // a whole number
  Cell,    // [X, Y]
  Cells,   // [X, Y] or [[X, Y], ...]: the flag once per cell (--cursor: once, then the cells)
  Switch,  // true: --key; false: nothing
  Attack,  // N, "MIN-MAX", or a list of N, "MIN-MAX" and [MIN, MAX]
  Costs,   // a list of 1..15 and "x"
  Skills,  // a list of names
  Map,     // a path, or an inline map {"width", "height", "grey"}
};

struct Key {
  std::string_view name;
  Shape shape;
};

// SPEC §12: the commands' flags without "--", with '-' written '_'.
constexpr std::array<Key, 15> kKeys = {{
    {"scenario", Shape::Text},
    {"map", Shape::Map},
    {"unit", Shape::Cell},
    {"move", Shape::Whole},
    {"attack", Shape::Attack},
    {"enemy", Shape::Cells},
    {"ally", Shape::Cells},
    {"costs", Shape::Costs},
    {"backend", Shape::Text},
    {"team", Shape::Text},
    {"class", Shape::Text},
    {"cursor", Shape::Cells},
    {"zoc", Shape::Switch},
    {"skills", Shape::Skills},
    {"ignore_units", Shape::Switch},
}};

constexpr std::array<std::string_view, 4> kOps = {"solve", "danger", "route", "field"};

std::string keyList() {
  std::string list = "id, op";
  for (const Key& key : kKeys) list += ", " + std::string(key.name);
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

// One key's flag arguments, appended to `args`; the problem, if its value has the wrong type.
std::optional<std::string> addFlags(const Key& key, const Json& value, ServeRequest& request) {
  std::string flag = "--" + std::string(key.name);
  std::replace(flag.begin(), flag.end(), '_', '-');
  auto& args = request.args;
  // `--flag=value`: a value that starts with '-' stays a value.
  const auto add = [&](const std::string& text) { args.push_back(flag + "=" + text); };
  switch (key.shape) {
    case Shape::Text:
      if (!value.is_string()) return wrongType(key.name, value, "a string");
      add(value.get<std::string>());
      return std::nullopt;
    case Shape::Whole:
      if (!isWhole(value)) return wrongType(key.name, value, "a whole number");
      add(wholeText(value));
      return std::nullopt;
    case Shape::Cell:
      if (!isCell(value)) return wrongType(key.name, value, "a cell [X, Y] of two whole numbers");
      add(cellText(value));
      return std::nullopt;
    case Shape::Cells: {
      const std::string expected = "a cell [X, Y] or a list of cells [[X, Y], ...]";
      if (!value.is_array()) return wrongType(key.name, value, expected);
      std::vector<std::string> cells;
      if (isCell(value)) {
        cells.push_back(cellText(value));
      } else {
        for (const Json& cell : value) {
          if (!isCell(cell))
            return inQuotes(key.name) + " holds " + kindOf(cell) +
                   " that is not a cell [X, Y]; expected " + expected;
          cells.push_back(cellText(cell));
        }
      }
      if (cells.empty()) return inQuotes(key.name) + " is an empty list; expected " + expected;
      if (key.name == "cursor") {  // one list flag: --cursor X,Y X,Y ...
        add(cells.front());
        args.insert(args.end(), cells.begin() + 1, cells.end());
      } else {
        for (const std::string& cell : cells) add(cell);
      }
      return std::nullopt;
    }
    case Shape::Switch:
      if (!value.is_boolean()) return wrongType(key.name, value, "true or false");
      if (value.get<bool>()) args.push_back(flag);
      return std::nullopt;
    case Shape::Attack: {
      const std::string expected = "N, \"MIN-MAX\" or a list of N, \"MIN-MAX\" and [MIN, MAX]";
      if (isWhole(value)) {
        add(wholeText(value));
        return std::nullopt;
      }
      if (value.is_string()) {
        add(value.get<std::string>());
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
          return inQuotes(key.name) + " holds " + kindOf(range) +
                 " that is not a range; expected " + expected;
        }
        text += (text.empty() ? "" : ",") + part;
      }
      add(text);
      return std::nullopt;
    }
    case Shape::Costs:
    case Shape::Skills: {
      const bool costs = key.shape == Shape::Costs;
      const std::string expected =
          costs ? "a list of costs, each 1..15 or \"x\"" : "a list of skill names";
      if (!value.is_array()) return wrongType(key.name, value, expected);
      std::string text;
      for (const Json& item : value) {
        if (!(item.is_string() || (costs && isWhole(item)))) {
          return inQuotes(key.name) + " holds " + kindOf(item) + "; expected " + expected;
        }
        text += (text.empty() ? "" : ",") +
                (item.is_string() ? item.get<std::string>() : wholeText(item));
      }
      add(text);
      return std::nullopt;
    }
    case Shape::Map:
      if (value.is_string()) {
        add(value.get<std::string>());
        return std::nullopt;
      }
      if (!value.is_object()) {
        return wrongType(key.name, value,
                         "a file path or an inline map {\"width\", \"height\", \"grey\"}");
      }
      if (auto problem = readInlineMap(value, request.inlineMap)) return problem;
      add(kInlineMapPath);
      return std::nullopt;
  }
  return std::nullopt;
}

ServeRequest bad(ServeRequest request, std::string error) {
  request.error = std::move(error);
  request.args.clear();
  request.inlineMap.reset();
  return request;
}

}  // namespace

ServeRequest readServeRequest(std::string_view line) {
  ServeRequest request;  // id null until the line gives a usable one
  if (line.size() > kMaxRequestBytes) {
    return bad(std::move(request), "the request line is over 64 MiB");
  }
  if (line.find('\0') != std::string_view::npos) {
    return bad(std::move(request), "the request line holds a NUL byte");
  }
  Json root;
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
    return bad(std::move(request), "the request holds a NUL character (\\u0000) in a string");
  } catch (const TooDeep&) {
    return bad(std::move(request), "the request nests deeper than " + std::to_string(kMaxDepth) +
                                       " levels; a request is one flat JSON object");
  } catch (const Json::exception& e) {
    // "[json.exception.parse_error.101] parse error at line 1, column 3: ..." without its tag.
    std::string what = e.what();
    const auto tag = what.find("] ");
    if (tag != std::string::npos) what.erase(0, tag + 2);
    return bad(std::move(request), "the request is not JSON: " + what);
  }
  if (!root.is_object()) {
    return bad(std::move(request), "the request is " + kindOf(root) +
                                       "; expected one JSON object per line, "
                                       "{\"id\": ID, \"op\": \"solve\", ...}");
  }
  const auto id = root.find("id");
  if (id == root.end()) {
    return bad(std::move(request), "the request has no \"id\"; give a number or a string");
  }
  if (!id->is_number() && !id->is_string()) {
    return bad(std::move(request),
               "the request's \"id\" is " + kindOf(*id) + "; expected a number or a string");
  }
  request.id = *id;
  const auto op = root.find("op");
  const std::string ops = "solve, danger, route or field";
  if (op == root.end())
    return bad(std::move(request), "the request has no \"op\"; expected " + ops);
  if (!op->is_string()) return bad(std::move(request), wrongType("op", *op, ops));
  request.op = op->get<std::string>();
  if (std::find(kOps.begin(), kOps.end(), request.op) == kOps.end()) {
    return bad(std::move(request), "\"op\" '" + request.op + "' is not one of " + ops);
  }
  for (const auto& [name, value] : root.items()) {
    if (name == "id" || name == "op") continue;
    const auto key = std::find_if(kKeys.begin(), kKeys.end(),
                                  [&name = name](const Key& k) { return k.name == name; });
    if (key == kKeys.end()) {
      return bad(std::move(request),
                 "unknown key " + inQuotes(name) + "; a request has " + keyList());
    }
    if (auto problem = addFlags(*key, value, request)) return bad(std::move(request), *problem);
  }
  return request;
}

}  // namespace tactics::cli
