#pragma once
// Reading a solver's state texture (SPEC §4) back to the CPU, box by box: every backend reads
// only the cells its last solve touched.

#include <cstdint>
#include <vector>

#include "tactics/solver/cell_box.h"
#include "tactics/solver/range_result.h"
#include "gpu/gl/gl_handle.h"

namespace tactics::gpu {

// The box's texels from the framebuffer's colour attachment, row by row from the box's top row.
std::vector<std::uint8_t> readStateBox(GLuint framebuffer, const CellBox& box);

// The whole state as SPEC §4 writes it: outside `touched` every texel is the reset state (the
// map's grey, nothing reached, no parent), built on the CPU; inside it, read back.
std::vector<std::uint8_t> readWholeState(GLuint framebuffer, const CellBox& touched,
                                         const std::vector<std::uint8_t>& grey, int width);

// The reset state of every cell (the map's grey, nothing reached, no parent), RGBA8.
std::vector<std::uint8_t> resetState(const std::vector<std::uint8_t>& grey);
// Copies a box's texels (row by row from its top row) into a whole map's RGBA8 bytes.
void pasteBox(const CellBox& box, const std::vector<std::uint8_t>& texels, int width,
              std::vector<std::uint8_t>& rgba);

// Refills a kept result (see RangeResult::written) from the texels of `touched`.
void readResultInto(GLuint framebuffer, const CellBox& touched, int width, int height,
                    GridLayout layout, int passes,
                    RangeResult& result);

}  // namespace tactics::gpu
