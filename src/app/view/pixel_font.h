#pragma once
// A 5x7 pixel font for unit initials and travel-cost numbers, laid out as one strip of glyphs
// with a one-texel border each (so linear filtering never bleeds between glyphs). No GL.

#include <cstdint>
#include <vector>

namespace tactics::app {

struct FontAtlas {
  static constexpr int kGlyphWidth = 5;
  static constexpr int kGlyphHeight = 7;
  static constexpr int kCellWidth = kGlyphWidth + 2;   // glyph plus border
  static constexpr int kCellHeight = kGlyphHeight + 2;

  int width = 0;   // texels
  int height = 0;
  std::vector<std::uint8_t> texels;  // R8, row 0 = top, 255 = ink
};

// Glyphs: '0'..'9' are 0..9, 'A'..'Z' (any case) 10..35, ' ' a blank (37), everything else '?'
// (36).
int glyphIndex(char c);
inline constexpr int kUnknownGlyph = 36;
inline constexpr int kBlankGlyph = 37;
inline constexpr int kGlyphCount = 38;

FontAtlas makeFontAtlas();

}  // namespace tactics::app
