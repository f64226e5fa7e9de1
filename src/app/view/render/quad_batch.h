#pragma once
// Instanced quads placed in pixels: every board draw (terrain bake, board overlay, arrow pieces,
// unit tokens) is a few quads through board.vert, each with a rect and four values for its
// fragment shader.

#include <array>
#include <string_view>
#include <vector>

#include "gpu/gl/gl_handle.h"

namespace tactics::app {

struct QuadInstance {
  std::array<float, 4> rect{};  // x, y, width, height in pixels, y down
  std::array<float, 4> data{};  // meaning up to the fragment shader
};

class QuadBatch {
 public:
  static QuadBatch create(std::string_view name);

  // Uploads the instances and draws them with the program in use.
  void draw(const std::vector<QuadInstance>& instances) const;

 private:
  gpu::VertexArrayHandle vertexArray_;
  gpu::BufferHandle corners_;
  gpu::BufferHandle instances_;
};

}  // namespace tactics::app
