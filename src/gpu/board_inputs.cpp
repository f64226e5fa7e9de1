#include "board_inputs.h"

#include <algorithm>
#include <array>
#include <cstdlib>

#include "tactics/solver/sight.h"

namespace tactics::gpu {

namespace {
constexpr GLuint kUnreached = 0xFFFFFFFFu;

// The greys of `cells` out of the whole map's bytes: GL_UNPACK_ROW_LENGTH picks the sub-rectangle.
void uploadGreyBox(GLuint mapTexture, const CostMap& map, const CellBox& cells, GLenum format) {
  glBindTexture(GL_TEXTURE_2D, mapTexture);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, map.width());
  const std::size_t first =
      static_cast<std::size_t>(cells.y0) * static_cast<std::size_t>(map.width()) +
      static_cast<std::size_t>(cells.x0);
  glTexSubImage2D(GL_TEXTURE_2D, 0, cells.x0, cells.y0, cells.width(), cells.height(), format,
                  GL_UNSIGNED_BYTE, map.greyValues().data() + first);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  glBindTexture(GL_TEXTURE_2D, 0);
}

}  // namespace

void uploadRules(GLuint rulesTexture, const RuleWindow& rules) {
  uploadRulesAt(rulesTexture, rules, rules.box().x0, rules.box().y0);
}

void uploadRulesAt(GLuint rulesTexture, const RuleWindow& rules, int atlasX, int atlasY) {
  const CellBox& box = rules.box();
  if (box.empty()) return;
  glBindTexture(GL_TEXTURE_2D, rulesTexture);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexSubImage2D(GL_TEXTURE_2D, 0, atlasX, atlasY, box.width(), box.height(), GL_RED_INTEGER,
                  GL_UNSIGNED_BYTE, rules.bytes().data());
  glBindTexture(GL_TEXTURE_2D, 0);
}

void uploadGreys(GLuint mapTexture, const CostMap& map, const CellBox& cells) {
  uploadGreyBox(mapTexture, map, cells, GL_RED);
}

void uploadGreyIntegers(GLuint mapTexture, const CostMap& map, const CellBox& cells) {
  uploadGreyBox(mapTexture, map, cells, GL_RED_INTEGER);
}

std::vector<std::uint32_t> sightBlockerWords(const CostMap& map, std::uint64_t blockers) {
  const auto across = static_cast<std::size_t>(sightWordsAcross(map.width()));
  std::vector<std::uint32_t> words(across * static_cast<std::size_t>(map.height()), 0);
  bool blocking[256] = {};  // decided once per byte value, as SightWindow::bake does
  for (int byte = 0; byte < 256; ++byte) {
    const int terrain = map.terrainOfByte(static_cast<std::uint8_t>(byte));
    blocking[byte] = terrain >= 0 && terrain < 64 && ((blockers >> terrain) & 1U) != 0;
  }
  for (int y = 0; y < map.height(); ++y) {
    for (int x = 0; x < map.width(); ++x) {
      if (!blocking[map.grey({x, y})]) continue;
      words[static_cast<std::size_t>(y) * across + static_cast<std::size_t>(x / 32)] |=
          std::uint32_t{1} << (x % 32);
    }
  }
  return words;
}

namespace {

std::uint32_t tableEntry(int x, int y, std::size_t count = 0) {
  return static_cast<std::uint32_t>(x + kSightTableBias) |
         static_cast<std::uint32_t>(y + kSightTableBias) << 8 |
         static_cast<std::uint32_t>(count) << 16;
}

// Calls visit(dx, dy) for every offset at a distance in `spans`, nearest first.
template <class Visit>
void forEachOffset(const std::vector<AttackSpan>& spans, Visit&& visit) {
  for (const AttackSpan& span : spans) {
    for (int d = std::max(span.min, 1); d <= span.max; ++d) {
      for (int dy = -d; dy <= d; ++dy) {
        const int far = d - std::abs(dy);
        visit(-far, dy);
        if (far != 0) visit(far, dy);
      }
    }
  }
}

}  // namespace

std::vector<std::uint32_t> sightOffsetTable(const std::vector<AttackSpan>& spans) {
  std::vector<std::uint32_t> table;
  std::vector<Cell> crossed;
  forEachOffset(spans, [&](int dx, int dy) {
    crossed.clear();
    forEachCrossed(Cell{dx, dy}, Cell{0, 0}, [&](Cell c) {
      crossed.push_back(c);
      return true;
    });
    table.push_back(tableEntry(dx, dy, crossed.size()));
    for (Cell c : crossed) table.push_back(tableEntry(c.x, c.y));
  });
  const std::size_t rows = (table.size() + kSightTableWidth - 1) / kSightTableWidth;
  table.resize(std::max<std::size_t>(rows, 1) * kSightTableWidth, 0);
  return table;
}

int sightOffsetCount(const std::vector<AttackSpan>& spans) {
  int count = 0;
  forEachOffset(spans, [&](int, int) { ++count; });
  return count;
}

std::vector<std::uint8_t> fieldSourceBits(const FieldQuery& query, int width, int height) {
  std::vector<std::uint8_t> bits(
      static_cast<std::size_t>(width) * static_cast<std::size_t>(height), 0);
  for (Cell c : query.sources) {
    bits[static_cast<std::size_t>(c.y) * static_cast<std::size_t>(width) +
         static_cast<std::size_t>(c.x)] = kFieldSourceBit;
  }
  return bits;
}

DistanceField fieldFromCosts(const std::vector<GLuint>& costs, int width, int height) {
  DistanceField field(width, height, kFieldUnreachable);
  for (std::size_t i = 0; i < costs.size(); ++i) {
    if (costs[i] != kUnreached) field.cells()[i] = static_cast<FieldCost>(costs[i]);
  }
  return field;
}

void setAttackSpans(const Program& program, const AttackRange& attack) {
  std::array<int, AttackRange::kMaxSpans> mins{};
  std::array<int, AttackRange::kMaxSpans> maxs{};
  const std::vector<AttackSpan> spans = attack.none() ? std::vector<AttackSpan>{} : attack.merged();
  for (std::size_t i = 0; i < spans.size(); ++i) {
    mins[i] = spans[i].min;
    maxs[i] = spans[i].max;
  }
  program.set("attackSpans", static_cast<int>(spans.size()));
  program.setArray("attackMin", mins.data(), AttackRange::kMaxSpans);
  program.setArray("attackMax", maxs.data(), AttackRange::kMaxSpans);
}

}  // namespace tactics::gpu
