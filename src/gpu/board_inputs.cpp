#include "board_inputs.h"

#include <array>

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
